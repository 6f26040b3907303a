import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decimalToCents } from '../../../src/pipeline/exports/decimal-amount.js';
import { swiftText } from '../../../src/pipeline/exports/swift-charset.js';
import { cut, oneLine, wrapWords } from '../../../src/pipeline/exports/text-limits.js';

/** The text rules the exports share: SWIFT's character set, lengths in characters, decimal amounts. */
test('SWIFT x: umlauts spelled out, accents dropped, & as +, € as EUR, the rest a space; ? removed', () => {
  assert.equal(swiftText('Bäckerei Groß, Über-Öl & Söhne'), 'Baeckerei Gross, Ueber-Oel + Soehne');
  assert.equal(swiftText('Café Zürich 5 € ?20 <x> "y" #1 100% a@b.de'), 'Cafe Zuerich 5 EUR 20 x y 1 100 a b.de');
  assert.equal(swiftText(null), '');
  assert.equal(swiftText('  \t  '), '');
});

test('lengths count characters, not UTF-16 units; line breaks become one space', () => {
  assert.equal(cut('€😀€😀', 3), '€😀€');
  assert.equal(oneLine(' a\r\n\tb\u0000c '), 'a b c');
  assert.deepEqual(wrapWords('eins zwei drei vier', 9), ['eins zwei', 'drei vier']);
  assert.deepEqual(wrapWords('abcdefghijkl', 5), ['abcde', 'fghij', 'kl'], 'a word longer than a piece is cut');
  assert.deepEqual(wrapWords('ab cd', 140), ['ab cd']);
});

test('decimal amounts of the model to cents; anything else is a fault', () => {
  assert.equal(decimalToCents('-1234.56'), -123456);
  assert.equal(decimalToCents('0.5'), 50);
  assert.equal(decimalToCents('12'), 1200);
  for (const bad of ['1.234,56', '', '-', '1.234', 'abc']) assert.throws(() => decimalToCents(bad), /not a decimal amount/u, bad);
});
