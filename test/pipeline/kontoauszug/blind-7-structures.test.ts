import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 7 seen: the structures its misses asked for, each written as another
 * bank would print it (not the fixture's words or positions).
 */

/** A sheet of postings without balance rows; its balances only in `foot` below the list. */
const sheet = (first: boolean, rows: SynthLine[], foot: SynthLine[]): SynthLine[] => [
  ...(first ? ([[44, 60, 'Musterbank AG'], [320, 80, 'Kontoauszug 3/2026 IBAN DE89 3704 0044 0532 0130 00'], [320, 92, '01.03.2026 - 31.03.2026']] as SynthLine[]) : []),
  [44, 130, 'Buchung Valuta Vorgang'],
  [540, 130, 'Umsatz EUR', true],
  ...rows,
  ...foot,
];

describe('blind batch 7 structures (issue 21)', () => {
  test('balances only at each sheet foot, old and new on one line: opening, page balances, closing', () => {
    const p1 = sheet(
      true,
      [
        [44, 150, '02.03.2026 02.03.2026 Lastschrift'],
        [540, 150, '-120,00', true],
        [150, 160, 'Stadtwerke Musterstadt'],
        [44, 175, '05.03.2026 05.03.2026 Gutschrift'],
        [540, 175, '800,00', true],
        [150, 185, 'Arbeitgeber GmbH'],
      ],
      [
        [44, 780, 'Alter Saldo per 28.02.2026'],
        [260, 780, '1.000,00 EUR', true],
        [300, 780, 'Neuer Saldo per 05.03.2026'],
        [540, 780, '1.680,00 EUR', true],
      ],
    );
    const p2 = sheet(
      false,
      [
        [44, 150, '10.03.2026 10.03.2026 Kartenzahlung'],
        [540, 150, '-80,00', true],
        [150, 160, 'Supermarkt Nord'],
      ],
      [
        [44, 780, 'Alter Saldo per 05.03.2026'],
        [260, 780, '1.680,00 EUR', true],
        [300, 780, 'Neuer Saldo per 10.03.2026'],
        [540, 780, '1.600,00 EUR', true],
      ],
    );
    const [a] = extractAccounts(synthDoc(p1, p2));
    assert.equal(a?.opening?.cents, 100_000);
    assert.equal(a?.closing?.cents, 160_000);
    assert.equal(a?.info.reconciled, true);
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[3]), ['-120,00', '800,00', '-80,00']);
  });

  test('old and new balance on lines of their own at each sheet foot: the last sheet’s new one closes', () => {
    const foot = (old: string, neu: string): SynthLine[] => [
      [44, 770, 'Alter Kontostand'],
      [540, 770, old, true],
      [44, 782, 'Neuer Kontostand'],
      [540, 782, neu, true],
    ];
    const p1 = sheet(true, [[44, 150, '02.03.2026 02.03.2026 Lastschrift'], [540, 150, '-50,00', true]], foot('300,00', '250,00'));
    const p2 = sheet(false, [[44, 150, '09.03.2026 09.03.2026 Gutschrift'], [540, 150, '25,00', true]], foot('250,00', '275,00'));
    const [a] = extractAccounts(synthDoc(p1, p2));
    assert.equal(a?.opening?.cents, 30_000);
    assert.equal(a?.closing?.cents, 27_500);
    assert.equal(a?.info.reconciled, true);
    assert.equal(toTables([a!])[0]!.rows.length, 2);
  });
});
