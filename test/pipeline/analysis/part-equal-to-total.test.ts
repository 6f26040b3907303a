/**
 * One printed figure, one name (issue 22, batch D's court payment order): a part of a sum never
 * takes the figure of the sum's total. A court's Mahnbescheid prints interest only as a rate
 * (`Zinsen` / `5,00 Prozentpunkte über dem … Basiszinssatz`) and below the total the sentence
 * `zuzüglich der laufenden Zinsen gemäß Nr. 5`, which reached into the total's line for its amount:
 * `zinsen` came back as the Gesamtbetrag. With a positive claim no part can equal the total, so
 * `zinsen` is left out; the claim itself may equal the total (a reminder without costs). Real
 * text-layer PDFs through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { dropPartsEqualToTotal } from '../../../src/pipeline/stages/analysis/common/table-sum.js';
import { letterRuns } from './letter-runs.js';

const order: Line[][] = [
  [
    'Amtsgericht Hünfeld · Zentrales Mahngericht · Postfach 1233 · 36082 Hünfeld',
    row(['Frau', 56], ['Datum', 340], ['17.02.2026', 440]),
    row(['Jana Keller', 56], ['Geschäftsnummer', 340], ['26-0412211-0-1', 440]),
    'Am Markt 4',
    '36037 Fulda',
    '',
    '# Mahnbescheid',
    '',
    row(['Der Antragsteller macht gegen Sie folgenden Anspruch geltend:', 75]),
    row(['Hauptforderung', 75], ['Betrag EUR', -539]),
    row(['Werkvertrag gem. Rechnung 2025-0412 vom 03.11.2025', 75], ['1.640,00', -539]),
    row(['Zinsen', 75]),
    row(['5,00 Prozentpunkte über dem jeweiligen Basiszinssatz aus 1.640,00 EUR seit 04.12.2025', 75]),
    row(['Mahnkosten', 75], ['5,00', -539]),
    row(['Gerichtskosten', 75], ['36,00', -539]),
    row(['Gesamtbetrag', 75], ['1.681,00 EUR', -539]),
    row(['zuzüglich der laufenden Zinsen gemäß Nr. 5', 75]),
    'Sie müssen innerhalb von zwei Wochen nach Zustellung die Beträge bezahlen oder Widerspruch erheben.',
  ],
];

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('mahnung', pages);

describe('a part of a sum never takes the total', () => {
  it('a payment order whose interest is only a rate: no zinsen, the total stays the total', async () => {
    const a = await analysisOf(order);
    assert.equal(a.key_numbers.gesamtforderung?.value, '1.681,00 EUR', JSON.stringify(a.key_numbers));
    assert.equal(a.key_numbers.zinsen, undefined, JSON.stringify(a.key_numbers));
  });

  it('drops a part equal to the total when the claim is positive, and never the claim itself', () => {
    const found: Record<string, { value: string } | null> = { hauptforderung: { value: '100,00' }, zinsen: { value: '120,00' }, mahngebuehren: { value: '20,00' }, gesamtforderung: { value: '120,00' } };
    dropPartsEqualToTotal(found, { first: 'hauptforderung', parts: ['zinsen', 'mahngebuehren'], total: 'gesamtforderung' });
    assert.equal(found.zinsen, null);
    assert.equal(found.mahngebuehren?.value, '20,00');
    const reminder: Record<string, { value: string } | null> = { hauptforderung: { value: '189,97' }, gesamtforderung: { value: '189,97' } };
    dropPartsEqualToTotal(reminder, { first: 'hauptforderung', parts: ['zinsen'], total: 'gesamtforderung' });
    assert.equal(reminder.hauptforderung?.value, '189,97');
  });
});
