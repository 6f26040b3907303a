import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: a balance summary printed as a row of figures beneath a row of labels (our own
 * wording, a savings bank's "Übersicht"), above a Soll/Haben posting table whose debits print a
 * minus. The row signs its own figures (`+640,00`, `-215,40`), so its unsigned closing is
 * positive even where it ends under the table's Soll column.
 */
const statement = (closingX: number): SynthLine[] => [
  [40, 30, 'Sparkasse Am Deich · Kontoauszug 3/2026 · IBAN DE02 1203 0000 0000 2020 51'],
  [40, 60, 'Übersicht'],
  [40, 75, 'Kontostand am 28.02.2026'],
  [190, 75, 'Gutschriften'],
  [290, 75, 'Belastungen'],
  [closingX - 110, 75, 'Kontostand am 31.03.2026'],
  [150, 87, '1.200,00 EUR', true],
  [260, 87, '+640,00 EUR', true],
  [360, 87, '-215,40 EUR', true],
  [closingX, 87, '1.624,60 EUR', true],
  [40, 110, 'Datum Erläuterung'],
  [470, 110, 'Soll', true],
  [550, 110, 'Haben', true],
  [40, 125, '03.03.2026 Gehalt Hafenmeisterei Nord'],
  [550, 125, '640,00', true],
  [40, 140, '12.03.2026 Lastschrift Stadtwerke Abschlag'],
  [470, 140, '-215,40', true],
];

describe('a balance summary row above a Soll/Haben table (issue 21)', () => {
  test('an unsigned closing in a row that signs its other figures is positive, even under the Soll column', () => {
    const a = extractAccounts(synthDoc(statement(470)))[0]!;
    assert.equal(a.info.opening_balance, '1.200,00');
    assert.equal(a.info.closing_balance, '1.624,60');
    assert.equal(a.info.reconciled, true);
    assert.deepEqual(a.postings.map((p) => p.cents), [64000, -21540]);
  });

  test('the same row with the closing under the Haben column reads the same', () => {
    const a = extractAccounts(synthDoc(statement(550)))[0]!;
    assert.equal(a.info.closing_balance, '1.624,60');
    assert.equal(a.info.reconciled, true);
  });
});
