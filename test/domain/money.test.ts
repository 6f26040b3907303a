import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountToCents, centsToDecimal, decimalToCents, formatGermanAmount, parseGermanAmount } from '../../src/domain/money.js';

/** German statement notation → cents and back (SPEC §8 Betrag). */
test('parses the sign notations found on statements', () => {
  const cases: [string, number | null, '+' | '-' | null][] = [
    ['1.234,56', 123456, null],
    ['1234,56', 123456, null],
    ['-45,90', 4590, '-'],
    ['\u221245,90', 4590, '-'],
    ['45,90-', 4590, '-'],
    ['1.250,00+', 125000, '+'],
    ['84,00 S', 8400, '-'],
    ['84,00 H', 8400, '+'],
    ['12,50 €', 1250, null],
    ['EUR 12,50', 1250, null],
    ['0,01', 1, null],
  ];
  for (const [text, cents, sign] of cases) {
    const p = parseGermanAmount(text);
    assert.ok(p, text);
    assert.equal(p.cents, cents, text);
    assert.equal(p.sign, sign, text);
  }
});

test('rejects what is not one amount', () => {
  for (const text of ['1.234', '12,5', 'abc', '', '1,234,56', '12.03.2026']) assert.equal(parseGermanAmount(text), null, text);
});

test('signed cents and the SPEC §8 output notation', () => {
  assert.equal(amountToCents('45,90-'), -4590);
  assert.equal(amountToCents('1.000,00 H'), 100000);
  assert.equal(formatGermanAmount(-123456), '-1.234,56');
  assert.equal(formatGermanAmount(200000), '2.000,00');
  assert.equal(formatGermanAmount(5), '0,05');
  assert.equal(formatGermanAmount(-100000000), '-1.000.000,00');
  assert.equal(formatGermanAmount(0), '0,00');
});

test('decimal amounts of the postings model (SPEC §8a) round-trip through cents exactly', () => {
  for (const cents of [-123456, 5, -5, 0, 200000, 9_007_199_254_740]) assert.equal(decimalToCents(centsToDecimal(cents)), cents);
  assert.equal(decimalToCents('12.5'), 1250);
  assert.equal(decimalToCents('7'), 700);
  for (const bad of ['1.234,56', '-1,5', '1.234.56', '+3.00', '', '1.234']) assert.equal(decimalToCents(bad), null, bad);
});
