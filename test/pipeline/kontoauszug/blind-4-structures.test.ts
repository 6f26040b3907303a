import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, batch 4 (seen): structures the batch showed, each reduced to the rule it needs
 * (synthetic positions, no PDF).
 */
const rows = (lines: SynthLine[]): string[][] => toTables(extractAccounts(synthDoc(lines))).flatMap((t) => t.rows);

describe('day groups with a day balance in a column of its own', () => {
  // `Buchungstag | Wert | Vorgang | Betrag | Saldo`: the booking date only on a day's first
  // posting, a bold day-balance line after each day whose amount stands in the Saldo column, which
  // no posting fills.
  const page: SynthLine[] = [
    [42, 60, 'Kontoauszug 7/2025'],
    [42, 80, 'Buchungstag Wert Vorgang'],
    [470, 80, 'Betrag EUR', true],
    [553, 80, 'Saldo EUR', true],
    [142, 96, 'Kontostand am 30.06.2025'],
    [553, 96, '1.000,00', true],
    [42, 110, '07.07.2025 07.07. Überweisung'],
    [470, 110, '-73,25', true],
    [142, 120, 'Max Mustermann'],
    [142, 130, 'Miete Juli 2025'],
    [142, 143, 'Tagessaldo'],
    [553, 143, '926,75', true],
    [42, 157, '12.07.2025 12.07. Lastschrift'],
    [470, 157, '-40,75', true],
    [142, 167, 'Stadtwerke Musterstadt'],
    [142, 177, 'Abschlag Strom Juli 2025'],
    [100, 190, '13.07. Überweisung'],
    [470, 190, '-100,00', true],
    [142, 200, 'Erika Musterfrau'],
    [142, 210, 'Geschenk'],
    [142, 223, 'Tagessaldo'],
    [553, 223, '786,00', true],
    [42, 237, '14.07.2025 14.07. Gutschrift'],
    [470, 237, '2.000,00', true],
    [142, 247, 'Musterfirma GmbH'],
    [142, 257, 'Gehalt Juli 2025'],
    [142, 270, 'Tagessaldo'],
    [553, 270, '2.786,00', true],
    [142, 290, 'Kontostand am 31.07.2025'],
    [553, 290, '2.786,00', true],
  ];

  test('the day-balance line is a running balance, no posting text', () => {
    const got = rows(page);
    assert.equal(got.length, 4);
    for (const r of got) assert.doesNotMatch(r[1]!, /Tagessaldo|926,75|786,00/u, r[1]);
  });

  test('a posting with only its value date is booked on its day group\'s date', () => {
    assert.deepEqual(rows(page).map((r) => [r[0], r[3]]), [
      ['07.07.2025', '-73,25'],
      ['12.07.2025', '-40,75'],
      ['12.07.2025', '-100,00'],
      ['14.07.2025', '2.000,00'],
    ]);
    // The one date it prints is its value date.
    assert.deepEqual(extractAccounts(synthDoc(page))[0]!.postings[2]!.other, { year: 2025, month: 7, day: 13 });
  });
});
