/**
 * A reminder whose claim is a settlement table (issue 22, batch E's wrong Hauptforderung): per
 * item what was owed, what was paid and what is open (`SOLL | IST | RÜCKSTAND`), closed by a sum
 * row, then late charges and a fee. The claim is the open column's sum — the arithmetic
 * owed − paid = open on every row says which column that is, whatever the headers are called.
 * A sentence that repeats the amount to pay (`DEN BETRAG VON … EUR`) never becomes the claim
 * when costs stand beside it. The letter, printed in capitals like a mainframe form, is written
 * for this test; real text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { dropPartsEqualToTotal } from '../../../src/pipeline/stages/analysis/common/table-sum.js';
import { letterRuns } from './letter-runs.js';

const letter: Line[][] = [
  [
    'KREIS PINNEBERG - KREISKASSE - KURT-WAGENER-STRASSE 11 - 25337 ELMSHORN',
    row(['HERRN', 56], ['KASSENZEICHEN', 350], ['07.221.55190', 450]),
    row(['TOBIAS HAGEN', 56], ['DATUM', 350], ['03.03.2026', 450]),
    row(['LANGE REIHE 9', 56]),
    row(['25421 PINNEBERG', 56]),
    '',
    '# ZAHLUNGSERINNERUNG',
    '',
    'SEHR GEEHRTER HERR HAGEN,',
    'FUER DIE SCHUELERBEFOERDERUNG SIND FOLGENDE BETRAEGE OFFEN:',
    row(['ZEITRAUM', 56], ['GEBUEHR', -330], ['GEZAHLT', -420], ['OFFEN', -539]),
    row(['11/2025', 56], ['96,00', -330], ['96,00', -420], ['0,00', -539]),
    row(['12/2025', 56], ['96,00', -330], ['40,00', -420], ['56,00', -539]),
    row(['01/2026', 56], ['96,00', -330], ['0,00', -420], ['96,00', -539]),
    row(['SUMME', 56], ['288,00', -330], ['136,00', -420], ['152,00', -539]),
    row(['SAEUMNISZUSCHLAEGE', 56], ['1,50', -539]),
    row(['MAHNGEBUEHR', 56], ['4,00', -539]),
    row(['GESAMTBETRAG', 56], ['157,50 EUR', -539]),
    'BITTE UEBERWEISEN SIE DEN BETRAG VON 157,50 EUR BIS ZUM 17.03.2026 AN DIE KREISKASSE.',
    'NACH ABLAUF DER FRIST WIRD DER RUECKSTAND IM VERWALTUNGSZWANGSVERFAHREN BEIGETRIEBEN.',
    'MIT FREUNDLICHEN GRUESSEN',
    'KREISKASSE PINNEBERG',
  ],
];

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('mahnung', pages);

describe('a claim printed as owed − paid = open', () => {
  it('the claim is the open column\'s sum, the total adds the charges, and the check holds', async () => {
    const a = await analysisOf(letter);
    assert.equal(a.key_numbers.hauptforderung?.value, '152,00', JSON.stringify(a.key_numbers));
    assert.equal(a.key_numbers.mahngebuehren?.value, '4,00');
    assert.equal(a.key_numbers.gesamtforderung?.value, '157,50 EUR');
    assert.equal(a.checks.find((c) => c.rule.startsWith('hauptforderung'))?.holds, true, JSON.stringify(a.checks));
  });

  it('a deadline printed in capitals is the zahlungsfrist', async () => {
    const a = await analysisOf(letter);
    assert.equal(a.key_numbers.zahlungsfrist?.value, '17.03.2026', JSON.stringify(a.key_numbers));
  });

  it('a claim read as the very figure of the total is left out when a cost stands beside it', () => {
    const found: Record<string, { value: string } | null> = { hauptforderung: { value: '341,00 EUR' }, mahngebuehren: { value: '5,00' }, gesamtforderung: { value: '341,00 EUR' } };
    dropPartsEqualToTotal(found, { first: 'hauptforderung', parts: ['zinsen', 'mahngebuehren'], total: 'gesamtforderung' });
    assert.equal(found.hauptforderung, null);
    assert.equal(found.mahngebuehren?.value, '5,00');
  });
});
