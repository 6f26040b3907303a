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

  test('a D/C indicator column beside unsigned amounts signs postings and balances (camt.053 print)', () => {
    // The account ends overdrawn: only the `D` beside the closing balance says so.
    const lines: SynthLine[] = [
      [40, 60, 'Kontoauszug Firmenkunden IBAN DE89 3704 0044 0532 0130 00'],
      [40, 90, 'Buchung Valuta Text'],
      [500, 90, 'Umsatz', true],
      [40, 105, 'Anfangssaldo 31.08.2025'],
      [500, 105, '200,00 EUR', true],
      [512, 105, 'C'],
      [40, 120, '01.09.2025 01.09.2025 Lastschrift Energie AG'],
      [500, 120, '450,00 EUR', true],
      [512, 120, 'D'],
      [40, 135, '03.09.2025 03.09.2025 Gutschrift Kunde Nord'],
      [500, 135, '100,00 EUR', true],
      [512, 135, 'C'],
      [40, 150, '05.09.2025 05.09.2025 Überweisung Lieferant Süd'],
      [500, 150, '70,00 EUR', true],
      [512, 150, 'D'],
      [40, 170, 'Schlusssaldo 30.09.2025'],
      [500, 170, '220,00 EUR', true],
      [512, 170, 'D'],
    ];
    const [a] = extractAccounts(synthDoc(lines));
    assert.equal(a?.opening?.cents, 20_000);
    assert.equal(a?.closing?.cents, -22_000);
    assert.equal(a?.info.reconciled, true);
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[3]), ['-450,00', '100,00', '-70,00']);
  });

  test('a label/value block names its fields: booking and value date, amount, party', () => {
    // Two postings as a banking program prints a camt.053 statement, in other labels and places.
    const block = (y: number, booking: string, value: string, amount: string, side: string, party: string, purpose: string): SynthLine[] => [
      [30, y, `Buchungsdatum ${booking} Wertstellung ${value}`],
      [330, y, 'Betrag'],
      [470, y, `${amount} EUR`, true],
      [480, y, side],
      [30, y + 10, 'Buchungsart Gutschrift'],
      [30, y + 20, `Zahlungsbeteiligter ${party}`],
      [30, y + 30, `Verwendungszweck: ${purpose}`],
    ];
    const lines: SynthLine[] = [
      [30, 50, 'Umsatzdetails Firmenkonto IBAN DE89 3704 0044 0532 0130 00'],
      [30, 70, 'Anfangssaldo 31.01.2026'],
      [470, 70, '1.000,00 EUR', true],
      [480, 70, 'H'],
      ...block(95, '03.02.2026', '04.02.2026', '250,00', 'H', 'Nordlicht Handels GmbH', 'Rechnung 4711'),
      ...block(140, '05.02.2026', '06.02.2026', '90,00', 'S', 'Paula Berger', 'Erstattung Auslagen'),
      ...block(185, '09.02.2026', '10.02.2026', '60,00', 'S', 'Werkstatt Ost KG', 'Reparatur'),
      [30, 230, 'Schlusssaldo 28.02.2026'],
      [470, 230, '1.100,00 EUR', true],
      [480, 230, 'H'],
    ];
    const [a] = extractAccounts(synthDoc(lines));
    assert.equal(a?.info.reconciled, true);
    assert.deepEqual(
      a!.postings.map((p) => [p.date?.day, p.other?.day, p.cents]),
      [
        [3, 4, 25_000],
        [5, 6, -9_000],
        [9, 10, -6_000],
      ],
    );
    const rows = toTables([a!])[0]!.rows;
    assert.deepEqual(rows.map((r) => r[2]), ['Nordlicht Handels GmbH', 'Paula Berger', 'Werkstatt Ost KG']);
    // The labels of the fields read are no text.
    assert.ok(rows.every((r) => !/Buchungsdatum|Wertstellung|Betrag/u.test(r[1]!)), rows.map((r) => r[1]).join(' | '));
  });
});
