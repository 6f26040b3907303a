import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, random layouts `order newest`: a list printed newest first runs back from the
 * closing. Its closing balance stands above the postings and its opening below them
 * (sections.ts); where only a running-balance column states them, the first posting's balance
 * closes and the last one's, less its amount, opens (running-balances.ts).
 */
const head: SynthLine[] = [
  [40, 30, 'Musterbank AG Kontoauszug'],
  [40, 50, 'Anna Schulz IBAN DE89 3704 0044 0532 0130 00'],
  [40, 62, 'Zeitraum: 01.11.2025 - 30.11.2025'],
];
const info = (page: SynthLine[]): [string | null, string | null, boolean] => {
  const i = extractAccounts(synthDoc(page))[0]!.info;
  return [i.opening_balance, i.closing_balance, i.reconciled];
};

describe('newest-first lists (issue 21)', () => {
  test('a closing balance above the postings and a balance naming no role below them: the one below opens', () => {
    const page: SynthLine[] = [
      ...head,
      [40, 90, 'Datum'],
      [120, 90, 'Vorgang'],
      [545, 90, 'Betrag EUR', true],
      [120, 102, 'Saldo neu'],
      [545, 102, '1.130,00', true],
      [40, 114, '07.11.2025'],
      [120, 114, 'Kartenzahlung REWE'],
      [545, 114, '-20,00', true],
      [40, 126, '05.11.2025'],
      [120, 126, 'Gutschrift Musterfirma GmbH'],
      [545, 126, '250,00', true],
      [40, 138, '03.11.2025'],
      [120, 138, 'Lastschrift Stadtwerke'],
      [545, 138, '-100,00', true],
      [120, 150, 'Kontostand am 31.10.2025'],
      [545, 150, '1.000,00', true],
    ];
    assert.deepEqual(info(page), ['1.000,00', '1.130,00', true]);
  });

  test('a balance naming no role above the postings and an opening below them: the one above closes', () => {
    // Today's balance as `Kontostand per <date>` over a newest-first list, `Alter Saldo per <date>` under it.
    const page: SynthLine[] = [
      ...head,
      [40, 90, 'Datum'],
      [120, 90, 'Vorgang'],
      [545, 90, 'Betrag EUR', true],
      [120, 102, 'Kontostand per 30.11.2025'],
      [545, 102, '1.130,00', true],
      [40, 114, '07.11.2025'],
      [120, 114, 'Kartenzahlung REWE'],
      [545, 114, '-20,00', true],
      [40, 126, '05.11.2025'],
      [120, 126, 'Gutschrift Musterfirma GmbH'],
      [545, 126, '250,00', true],
      [40, 138, '03.11.2025'],
      [120, 138, 'Lastschrift Stadtwerke'],
      [545, 138, '-100,00', true],
      [120, 150, 'Alter Saldo per 31.10.2025'],
      [545, 150, '1.000,00', true],
    ];
    assert.deepEqual(info(page), ['1.000,00', '1.130,00', true]);
    // The role-less balance dated before the opening one is no closing: it stays the opening.
    const earlier = page.map((l): SynthLine => (l[2] === 'Kontostand per 30.11.2025' ? [l[0], l[1], 'Kontostand per 30.09.2025'] : l));
    assert.equal(info(earlier)[0], '1.130,00');
  });

  test('a running-balance column alone, newest first: the first balance closes, the last less its posting opens', () => {
    const page: SynthLine[] = [
      ...head,
      [40, 90, 'Datum'],
      [120, 90, 'Vorgang'],
      [470, 90, 'Betrag', true],
      [545, 90, 'Saldo', true],
      ...[
        ['07.11.2025', 'Kartenzahlung REWE', '-20,00', '1.130,00'],
        ['05.11.2025', 'Gutschrift Musterfirma GmbH', '250,00', '1.150,00'],
        ['03.11.2025', 'Lastschrift Stadtwerke', '-100,00', '900,00'],
      ].flatMap(([d, t, a, b], i): SynthLine[] => [
        [40, 102 + 12 * i, d!],
        [120, 102 + 12 * i, t!],
        [470, 102 + 12 * i, a!, true],
        [545, 102 + 12 * i, b!, true],
      ]),
    ];
    assert.deepEqual(info(page), ['1.000,00', '1.130,00', true]);
  });
});
