import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: a bill (heating-oil supplier's customer account, our own wording, not a blind
 * family's) prints what the customer owes unsigned and credits with a minus. Read as a giro
 * account would be (unsigned = credit), the balances reconcile just as well — every sign
 * mirrored — so the arithmetic cannot decide; the balance's own label (`Neuer Saldo, von Ihnen
 * zu zahlen`) says the balance is owed, and then unsigned amounts are charges.
 */
const bill = (closingLabel: string): SynthLine[] => [
  [40, 30, 'Heizöl Nordstern GmbH Kundenkonto 44120'],
  [40, 50, 'Familie Petersen, Deichweg 3, 25813 Husum'],
  [40, 62, 'Abrechnung vom 01.11.2025 bis 30.11.2025'],
  [40, 90, 'Datum'],
  [120, 90, 'Leistung'],
  [430, 90, 'Menge', true],
  [545, 90, 'Betrag EUR', true],
  [120, 102, 'Alter Saldo vom 31.10.2025'],
  [545, 102, '310,00', true],
  [40, 114, '04.11.2025'],
  [120, 114, 'Zahlung Lastschrift, vielen Dank'],
  [545, 114, '-310,00', true],
  [40, 126, '12.11.2025'],
  [120, 126, 'Heizöl EL schwefelarm'],
  [430, 126, '1.250,00 l', true],
  [545, 126, '1.187,50', true],
  [40, 138, '12.11.2025'],
  [120, 138, 'Anfahrtspauschale'],
  [430, 138, '1 Stk', true],
  [545, 138, '45,00', true],
  [40, 150, '20.11.2025'],
  [120, 150, 'Gutschrift Mengenrabatt'],
  [545, 150, '-25,00', true],
  [120, 170, closingLabel],
  [545, 170, '1.207,50', true],
];

const read = (page: SynthLine[]): { opening: string | null; closing: string | null; reconciled: boolean; cents: number[] } => {
  const a = extractAccounts(synthDoc(page))[0]!;
  return { opening: a.info.opening_balance, closing: a.info.closing_balance, reconciled: a.info.reconciled, cents: a.postings.map((p) => p.cents) };
};

describe('a bill that prints credits with a minus (issue 21)', () => {
  test('a closing labelled as owed: unsigned amounts are charges, minus amounts credits, the balances debts', () => {
    const r = read(bill('Neuer Saldo, von Ihnen zu zahlen'));
    assert.equal(r.reconciled, true);
    assert.equal(r.opening, '-310,00');
    assert.equal(r.closing, '-1.207,50');
    assert.deepEqual(r.cents, [31000, -118750, -4500, 2500]);
  });

  test('without a label that says owed, the reading stays as printed (unsigned is a credit where minus marks debits)', () => {
    const r = read(bill('Neuer Saldo'));
    assert.equal(r.reconciled, true);
    assert.deepEqual([r.opening, r.closing], ['310,00', '1.207,50']);
  });
});

describe('a number followed by a unit of measure (issue 21)', () => {
  test('is a quantity, not an amount: only the row\'s price is its amount', () => {
    const lines = toLines(synthDoc([[40, 30, '12.11.2025 Heizöl 1.250,00 l 1.187,50'], [40, 42, '12.11.2025 Strom 340,00 kWh 98,60'], [40, 54, '13.11.2025 Miete 1.250,00 EUR']]).pages);
    assert.deepEqual(lines.map((l) => l.amounts.map((a) => a.cents)), [[118750], [9860], [125000]]);
  });
});
