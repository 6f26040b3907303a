/**
 * Net to payout on payslips that compute a payment after the net (issue 22, batch G): a
 * Kurzarbeitergeld block (the two rechnerische Leistungssätze, then the Kug) or a garnishment block
 * (the net restated, the unpfändbare part, then the pfändbare Betrag) prints working rows above its
 * result. The block's last row accounts for the payout; a payout the rows do not explain gets no
 * check at all (the rows may be notes), never a check made to hold.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { PAYOUT_RULE } from '../../../src/pipeline/stages/analysis/lohnabrechnung/checks.js';
import { letterRuns } from './letter-runs.js';

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('lohnabrechnung', pages);

/** Gross 2.400,00 − 180,00 − 196,80 − 43,20 − 223,20 − 31,20 = net 1.725,60; then `block`, then `payout`. */
const payslip = (block: Line[], payout: string): Line[][] => [
  [
    'Metallbau Wiegand GmbH · Industriestraße 5 · 34117 Kassel',
    '',
    '# Entgeltabrechnung Oktober 2026',
    row(['Pers.-Nr.', 56], ['StKl', 200], ['Konfession', 300]),
    row(['4471', 56], ['1', 200], ['--', 300]),
    '',
    row(['Bezüge', 56], ['Betrag', -539]),
    row(['Monatslohn', 56], ['2.400,00', -539]),
    row(['Gesamtbrutto', 56], ['2.400,00', -539]),
    '',
    row(['Lohnsteuer', 56], ['180,00', -539]),
    row(['Solidaritätszuschlag', 56], ['0,00', -539]),
    row(['Krankenversicherung', 56], ['196,80', -539]),
    row(['Pflegeversicherung', 56], ['43,20', -539]),
    row(['Rentenversicherung', 56], ['223,20', -539]),
    row(['Arbeitslosenversicherung', 56], ['31,20', -539]),
    row(['Nettoverdienst', 56], ['1.725,60', -539]),
    '',
    ...block,
    '',
    row(['Auszahlungsbetrag', 56], [payout, -539]),
  ],
];

const kug: Line[] = [
  '# Kurzarbeitergeld',
  row(['rechnerischer Leistungssatz Soll-Entgelt', 56], ['1.400,00', -539]),
  row(['rechnerischer Leistungssatz Ist-Entgelt', 56], ['1.000,00', -539]),
  row(['Kurzarbeitergeld', 56], ['400,00', -539]),
];

const garnishment: Line[] = [
  '# Pfändung',
  row(['Nettoverdienst', 56], ['1.725,60', -539]),
  row(['maßgebliches Nettoeinkommen', 56], ['1.725,60', -539]),
  row(['pfändbarer Betrag', 56], ['120,00-', -539]),
];

describe('net to payout past a block computed after the net', () => {
  it('takes the Kurzarbeitergeld, added after its two Leistungssätze', async () => {
    const a = await analysisOf(payslip(kug, '2.125,60'));
    const check = a.checks.find((c) => c.rule === PAYOUT_RULE);
    assert.ok(check, 'payout check reported');
    assert.equal(check.holds, true);
  });

  it('takes the pfändbare Betrag, deducted after the net restated', async () => {
    const a = await analysisOf(payslip(garnishment, '1.605,60'));
    const check = a.checks.find((c) => c.rule === PAYOUT_RULE);
    assert.ok(check, 'payout check reported');
    assert.equal(check.holds, true);
  });

  it('reports no payout check when neither the rows nor the last row explain the payout', async () => {
    const a = await analysisOf(payslip(kug, '2.100,00'));
    assert.equal(a.checks.find((c) => c.rule === PAYOUT_RULE), undefined);
  });
});
