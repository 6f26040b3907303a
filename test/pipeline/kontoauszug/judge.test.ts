import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { judge, runningBalances, type Reading } from '../../../src/pipeline/stages/kontoauszug/judge.js';
import type { Posting } from '../../../src/pipeline/stages/kontoauszug/posting.js';
import { synthDoc, synthOcrDoc, type SynthLine } from './synthetic.js';

/**
 * The balances as the judge (issue 21, judge.ts / balance-readings.ts): the readings of an
 * account's balances the structure allows are scored by the document's own arithmetic, and the
 * reading as made wins every tie. Statements here are synthetic pages through the real engine.
 */
describe('the balances as the judge', () => {
  const reading = (name: string, opening: number, closing: number, amounts: number[]): Reading => ({
    name,
    opening,
    closing,
    signs: amounts.map((a) => ({ cents: Math.abs(a), sign: a < 0 ? -1 : 1, certain: true })),
  });
  const figures = { postings: [], pageBalances: [] };

  test('the reading whose postings reproduce opening + Σ = closing is kept; on a tie the first (as read) stays', () => {
    const asRead = reading('as read', 110_00, 100_00, [-20_00, 30_00]);
    const swapped = reading('balances swapped', 100_00, 110_00, [-20_00, 30_00]);
    assert.equal(judge([asRead, swapped], figures).reading.name, 'balances swapped');
    assert.equal(judge([asRead, swapped], figures).verdict.level, 2);
    const neither = reading('other', 7_00, 9_00, [-20_00, 30_00]);
    assert.equal(judge([asRead, neither], figures).reading.name, 'as read', 'no reading reconciles: the one as read stays');
  });

  test('an exact reconciliation beats one that needs guessed signs flipped; page balances break the remaining ties', () => {
    const guessed = { ...reading('as read', 0, 10_00, [5_00, -5_00]), signs: [{ cents: 5_00, sign: 1 as const, certain: false }, { cents: 5_00, sign: -1 as const, certain: false }] };
    const exact = reading('unsigned owed', 0, 0, [5_00, -5_00]);
    assert.equal(judge([guessed, exact], figures).reading.name, 'unsigned owed');
    const a = reading('as read', 0, 10_00, [10_00, 0]);
    const b = reading('other', 0, 10_00, [10_00, 0]);
    assert.equal(judge([a, b], { postings: [], pageBalances: [{ after: 1, value: 10_00 }] }).reading.name, 'as read', 'equal again: the prior');
  });

  // A card issuer's statement that prints no sign at all: charges unsigned, payments named by
  // their words; unsigned balances are money owed, the reading that reconciles.
  const CARD: SynthLine[] = [
    [56, 60, 'Musterbank Kreditkartenabrechnung'],
    [56, 80, 'Karteninhaber Max Mustermann'],
    [56, 110, 'Datum Beschreibung'], [520, 110, 'Betrag EUR', true],
    [56, 130, 'Saldo letzte Abrechnung'], [520, 130, '120,00', true],
    [56, 150, '03.10.2026 AMAZON EU SARL LUXEMBOURG'], [520, 150, '45,90', true],
    [56, 170, '07.10.2026 Zahlung Gutschrift Lastschrifteinzug'], [520, 170, '120,00', true],
    [56, 190, '12.10.2026 SHELL TANKSTELLE HAMBURG'], [520, 190, '54,10', true],
    [56, 210, 'Neuer Saldo'], [520, 210, '100,00', true],
  ];

  test('a card statement that prints no sign: unsigned balances are owed, the postings reconcile', () => {
    const [a] = extractAccounts(synthDoc(CARD));
    assert.equal(a!.info.opening_balance, '-120,00');
    assert.equal(a!.info.closing_balance, '-100,00');
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[3]), ['-45,90', '120,00', '-54,10']);
    assert.equal(a!.info.reconciled, true);
  });

  // Two role-less balances (`Kontostand`) around a newest-first list, without dates to order them.
  const NEWEST_FIRST: SynthLine[] = [
    [56, 60, 'Umsätze Girokonto  IBAN DE89 3704 0044 0532 0130 00'],
    [56, 80, 'Kontostand'], [520, 80, '1.186,10', true],
    [56, 110, 'Buchungstag Wert Vorgang'], [520, 110, 'Betrag EUR', true],
    [56, 130, '12.10.2026 12.10.2026 Kartenzahlung REWE Markt'], [520, 130, '-45,90', true],
    [56, 150, '05.10.2026 05.10.2026 Gutschrift Lohn Musterfirma GmbH'], [520, 150, '+2.288,00', true],
    [56, 170, '01.10.2026 01.10.2026 Lastschrift Stadtwerke'], [520, 170, '-84,00', true],
    [56, 200, 'Kontostand'], [520, 200, '-972,00', true],
  ];

  test('two balances that name no role open and close the way the postings reconcile (newest first)', () => {
    const [a] = extractAccounts(synthDoc(NEWEST_FIRST));
    assert.equal(a!.info.opening_balance, '-972,00');
    assert.equal(a!.info.closing_balance, '1.186,10');
    assert.equal(a!.info.reconciled, true);
  });

  test('balances around a guessed sign are not swapped: swapping would only mirror the guess', () => {
    const [a] = extractAccounts(synthDoc([
      [56, 60, 'Girokonto  IBAN DE89 3704 0044 0532 0130 00'],
      [56, 80, 'Kontostand'], [520, 80, '0,00 EUR', true],
      [56, 100, '26.10.2022 26.10.2022 Überweisung Peter Pan'], [520, 100, '100,00 EUR', true],
      [56, 120, 'Kontostand'], [520, 120, '100,00 EUR', true],
    ]));
    assert.equal(a!.info.opening_balance, '0,00');
    assert.equal(a!.info.closing_balance, '100,00');
  });

  test('on a scan, one misread amount leaves every reading unreconciled: flagged, never passed', () => {
    // 45,90 printed, read as 48,90: no confusable single-digit repair is unique enough to pass
    // (the OCR engine was sure of it), and no balance reading absorbs 3,00.
    const misread = NEWEST_FIRST.map((l): SynthLine => (l[2] === '-45,90' ? [l[0], l[1], '-48,90', l[3]] : l));
    const [a] = extractAccounts(synthOcrDoc(misread));
    assert.equal(a!.info.reconciled, false);
  });

  test('two errors that cancel in the sum still break a printed running balance between them (the judge\'s second witness)', () => {
    // Opening 100,00; postings -45,90 (misread -48,90) and +1,50 (a guess flipped to -1,50):
    // the sum is the same, -47,40 … but the printed running balance after the first, 54,10,
    // is not 100,00 - 48,90.
    const posting = (balance: number | null): Posting => ({ balance: balance === null ? null : { cents: Math.abs(balance), sign: balance < 0 ? -1 : null, first: 0, last: 0, x0: 0, x1: 0 } }) as unknown as Posting;
    const postings = [posting(54_10), posting(52_60)];
    const truth = [{ cents: 45_90, sign: -1 as const, certain: true }, { cents: 1_50, sign: -1 as const, certain: false }];
    const misread = [{ cents: 48_90, sign: -1 as const, certain: true }, { cents: 1_50, sign: 1 as const, certain: false }];
    assert.deepEqual(runningBalances(100_00, truth, postings), { agree: 2, contradict: 0 });
    assert.deepEqual(runningBalances(100_00, misread, postings), { agree: 0, contradict: 2 });
  });

  // Issue 21, random layouts 701–780: one balance whose sign the page does not print is on the
  // other side, and only that reading reconciles exactly.
  const HEAD: SynthLine[] = [
    [40, 30, 'Musterbank AG Kontoauszug'],
    [40, 50, 'Anna Schulz IBAN DE89 3704 0044 0532 0130 00'],
    [40, 62, 'Zeitraum: 01.11.2025 - 30.11.2025'],
  ];

  test('a statement that words each direction and prints no minus: a closing printed as a bare figure is owed where only that reconciles', () => {
    const page: SynthLine[] = [
      ...HEAD,
      [40, 90, 'Datum'], [120, 90, 'Buchungstext'], [545, 90, 'Betrag (EUR)', true],
      [120, 102, 'Alter Saldo'], [545, 102, '100,00', true],
      [40, 114, '03.11.2025'], [120, 114, 'Lastschrift Stadtwerke Musterstadt'], [545, 114, '150,00', true],
      [40, 126, '05.11.2025'], [120, 126, 'Kartenzahlung REWE Markt'], [545, 126, '20,00', true],
      [40, 138, '07.11.2025'], [120, 138, 'Gutschrift Musterfirma GmbH'], [545, 138, '30,00', true],
      [120, 150, 'Neuer Saldo'], [545, 150, '40,00', true],
    ];
    const [a] = extractAccounts(synthDoc(page));
    assert.deepEqual([a!.info.opening_balance, a!.info.closing_balance, a!.info.reconciled], ['100,00', '-40,00', true]);
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[3]), ['-150,00', '-20,00', '30,00']);
    // Where the figures do not say so (the closing as printed reconciles), it stays positive.
    const plain = page.map((l): SynthLine => (l[2] === '40,00' ? [l[0], l[1], '-40,00'.slice(1), true] : l)).map((l): SynthLine => (l[2] === '100,00' ? [l[0], l[1], '180,00', true] : l));
    const [b] = extractAccounts(synthDoc(plain));
    assert.deepEqual([b!.info.opening_balance, b!.info.closing_balance, b!.info.reconciled], ['180,00', '40,00', true]);
  });
});
