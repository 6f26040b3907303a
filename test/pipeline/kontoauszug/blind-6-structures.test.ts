import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { statementPatterns as vocab } from '../../../src/pipeline/layout/vocabulary.js';
import { fold } from '../../../src/pipeline/layout/fold.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { withCardMerchant } from '../../../src/pipeline/stages/kontoauszug/card-merchant.js';
import { splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { statementStarts } from '../../../src/pipeline/stages/kontoauszug/statement-starts.js';
import { labelledValueDate } from '../../../src/pipeline/stages/kontoauszug/value-date-line.js';
import { toAccountRecords } from '../../../src/pipeline/stages/kontoauszug/postings-record.js';
import { synthDoc, synthPage, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 6 seen: the structures its misses asked for, each written as another
 * bank would print it (not the fixture's words or positions).
 */

/** A business account in overdraft, Soll/Haben columns, then the closing's interest table. */
const kontokorrent: SynthLine[] = [
  [44, 60, 'Volksbank Musterland eG'],
  [320, 80, 'Kontoauszug 6/2025 Kontokorrent IBAN DE89 3704 0044 0532 0130 00'],
  [320, 92, 'vom 01.06.2025 bis 30.06.2025'],
  [44, 120, 'Buchungstag Valuta Buchungstext'],
  [420, 120, 'Soll EUR', true],
  [500, 120, 'Haben EUR', true],
  [150, 135, 'Alter Saldo per 31.05.2025'],
  [420, 135, '3.000,00', true],
  [44, 150, '04.06.2025 04.06.2025 Gutschrift'],
  [500, 150, '1.000,00', true],
  [150, 160, 'Kunde Meier GmbH'],
  [44, 175, '12.06.2025 12.06.2025 Lastschrift'],
  [420, 175, '250,00', true],
  [150, 185, 'Stadtwerke Musterstadt'],
  [44, 200, '30.06.2025 30.06.2025 Abschluss'],
  [420, 200, '40,00', true],
  [150, 210, 'Abschluss per 30.06.2025 lt. Anlage'],
  [150, 230, 'Neuer Saldo per 30.06.2025'],
  [420, 230, '2.290,00', true],
  [44, 270, 'Rechnungsabschluss per 30.06.2025 - Anlage'],
  [44, 285, 'Zinsstaffel Sollzinsen 11,25 % p.a.'],
  [60, 300, 'Valuta'],
  [230, 300, 'Saldo EUR', true],
  [300, 300, 'Tage', true],
  [390, 300, 'Zinszahl', true],
  [60, 312, '01.06.2025'],
  [230, 312, '3.000,00 S', true],
  [300, 312, '3', true],
  [390, 312, '90', true],
  [60, 324, '04.06.2025'],
  [230, 324, '2.000,00 S', true],
  [300, 324, '8', true],
  [390, 324, '160', true],
  [60, 336, '12.06.2025'],
  [230, 336, '2.250,00 S', true],
  [300, 336, '18', true],
  [390, 336, '405', true],
];

/** One statement of an account: letterhead with its IBAN, `Kontostand am …` before and after, its page number in the footer. */
const statement = (kind: string, iban: string, rows: SynthLine[], opening: string, closing: string): SynthLine[] => [
  [44, 60, 'Sparda-Bank Musterland eG'],
  [320, 80, `Kontoauszug ${kind}`],
  [320, 92, `IBAN ${iban}`],
  [320, 104, 'Zeitraum 01.11.2026 bis 30.11.2026'],
  [44, 130, 'Datum Wert Vorgang'],
  [540, 130, 'Betrag EUR', true],
  [140, 145, 'Kontostand am 31.10.2026'],
  [540, 145, opening, true],
  ...rows,
  [140, 260, 'Kontostand am 30.11.2026'],
  [540, 260, closing, true],
  [44, 812, `Sparda-Bank Musterland eG · ${kind} · Seite 1 von 1`],
];

describe('blind batch 6 structures (issue 21)', () => {
  test('an interest table after the closing balance is no posting list: the balances say so', () => {
    const [a] = extractAccounts(synthDoc(kontokorrent));
    assert.equal(a?.opening?.cents, -300_000);
    assert.equal(a?.closing?.cents, -229_000);
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => [r[0], r[3]]), [
      ['04.06.2025', '1.000,00'],
      ['12.06.2025', '-250,00'],
      ['30.06.2025', '-40,00'],
    ]);
    assert.equal(a?.info.reconciled, true);
  });

  test('rows after the closing balance that the balances need stay postings', () => {
    // The closing printed above the last posting (a layout whose summary line comes early): the
    // rows before it alone do not reach it, so nothing is cut.
    const lines = kontokorrent.filter(([, y]) => y < 240).map(([x, y, t, r]): SynthLine => (y === 230 ? [x, 192, t, r] : y >= 200 && y <= 210 ? [x, y + 30, t, r] : [x, y, t, r]));
    const [a] = extractAccounts(synthDoc(lines));
    assert.equal(toTables([a!])[0]!.rows.length, 3);
  });

  test('two statements of two accounts in one file: the page numbering starts again, each its own opening and closing', () => {
    const giro = statement('Girokonto', 'DE89 3704 0044 0532 0130 00', [
      [44, 165, '05.11.2026 05.11. Lastschrift'],
      [540, 165, '-100,00', true],
      [140, 175, 'Stadtwerke Musterstadt'],
      [44, 195, '25.11.2026 25.11. Gutschrift'],
      [540, 195, '2.000,00', true],
      [140, 205, 'Musterfirma GmbH'],
    ], '500,00', '2.400,00');
    // The overnight account's transfer names the holder, `Sparen Übertrag` and the giro's IBAN:
    // a purpose, neither a carry-over nor a line naming the next account.
    const tagesgeld = statement('Tagesgeldkonto', 'DE02 1203 0000 0000 2020 51', [
      [44, 165, '10.11.2026 10.11. Gutschrift'],
      [540, 165, '500,00', true],
      [140, 175, 'Max Mustermann'],
      [140, 185, 'Sparen Übertrag'],
      [140, 195, 'IBAN DE89 3704 0044 0532 0130 00'],
      [44, 215, '30.11.2026 30.11. Zinsgutschrift'],
      [540, 215, '3,21', true],
      [140, 225, 'Zinsen November 2026'],
    ], '10.000,00', '10.503,21');
    const accounts = extractAccounts(synthDoc(giro, tagesgeld));
    assert.deepEqual(
      accounts.map((a) => [a.iban, a.opening?.cents, a.closing?.cents, a.rows.length, a.info.reconciled]),
      [
        ['DE89370400440532013000', 50_000, 240_000, 2, true],
        ['DE02120300000000202051', 1_000_000, 1_050_321, 2, true],
      ],
    );
  });

  test('the same two statements with the page number in the header: the restart stands above the opening', () => {
    const headed = (kind: string, iban: string, rows: SynthLine[], opening: string, closing: string): SynthLine[] =>
      statement(kind, iban, rows, opening, closing).map(([x, y, t, r]): SynthLine => (y === 812 ? [320, 40, `Kontoauszug 11/2026 Seite 1 von 1`] : [x, y, t, r]));
    const giro = headed('Girokonto', 'DE89 3704 0044 0532 0130 00', [[44, 165, '05.11.2026 05.11. Lastschrift'], [540, 165, '-100,00', true], [140, 175, 'Stadtwerke Musterstadt']], '500,00', '400,00');
    const tagesgeld = headed('Tagesgeldkonto', 'DE02 1203 0000 0000 2020 51', [[44, 165, '30.11.2026 30.11. Zinsgutschrift'], [540, 165, '3,21', true], [140, 175, 'Zinsen November 2026']], '10.000,00', '10.003,21');
    const accounts = extractAccounts(synthDoc(giro, tagesgeld));
    assert.deepEqual(
      accounts.map((a) => [a.iban, a.opening?.cents, a.closing?.cents, a.info.reconciled]),
      [
        ['DE89370400440532013000', 50_000, 40_000, true],
        ['DE02120300000000202051', 1_000_000, 1_000_321, true],
      ],
    );
  });

  test('one statement whose pages print different (anonymised) IBANs stays one account', () => {
    // Page numbering runs on (1 of 2, 2 of 2): no second statement, whatever IBAN page 2 prints.
    const page1: SynthLine[] = [
      [44, 60, 'Deutsche Kreditbank AG'],
      [44, 90, 'Kontoauszug 7/2024 Seite 1 von 2'],
      [44, 102, 'Tagesgeld 1111111111, DE82 2568 3970 0579 4190 80'],
      [44, 130, 'Datum Erläuterung'],
      [540, 130, 'Betrag EUR', true],
      [60, 145, 'Kontostand am 04.06.2024, Auszug Nr. 6'],
      [540, 145, '3.219,26', true],
      [44, 165, '13.06.2024 Überweisung'],
      [540, 165, '-2.000,00', true],
      [60, 175, 'Max Mustermann'],
      [44, 195, '27.06.2024 Zahlungseingang'],
      [540, 195, '9.180,74', true],
      [60, 205, 'Erika Mustermann'],
      [60, 225, 'Kontostand am 04.07.2024 um 18:04 Uhr'],
      [540, 225, '10.400,00', true],
    ];
    const page2: SynthLine[] = [
      [44, 90, 'Kontoauszug 7/2024 Seite 2 von 2'],
      [44, 102, 'Tagesgeld 1111111111, DE82 1203 0000 0609 9849 07, Max Mustermann'],
      [44, 130, 'Rechnungsabschluss: Anlage 1'],
      [44, 145, 'Abrechnungszeitraum vom 01.04.2024 bis 30.06.2024'],
      [44, 160, 'Es handelt sich hierbei um eine umsatzsteuerfreie Leistung.'],
    ];
    const accounts = extractAccounts(synthDoc(page1, page2));
    assert.deepEqual(
      accounts.map((a) => [a.iban, a.opening?.cents, a.closing?.cents, a.rows.length, a.info.reconciled]),
      [['DE82256839700579419080', 321_926, 1_040_000, 2, true]],
    );
  });

  test('statement starts: page numbering back at 1, not a page that prints its number twice', () => {
    const lines = (texts: [number, string][]) => toLines(texts.map(([page, t]) => synthPage([[44, 40, t]], page)));
    assert.deepEqual(statementStarts(lines([[1, 'Seite 1 von 2'], [2, 'Bank · Seite 2 von 2'], [3, 'Bank · Girokonto · Seite 1 von 1']])), [{ from: 1, to: Infinity }]);
    assert.deepEqual(statementStarts(lines([[1, 'Kontoauszug 4/2025 Seite 1 von 6'], [2, 'Kontoauszug 4/2025 Seite 5 von 6'], [3, 'Kontoauszug 4/2025 Seite 6 von 6']])), []);
    // Header and footer of one page both print `Seite 1 von 2`.
    const twice = toLines([synthPage([[44, 40, 'Seite 1 von 2'], [44, 800, 'Seite 1 von 2']], 1), synthPage([[44, 40, 'Seite 2 von 2']], 2)]);
    assert.deepEqual(statementStarts(twice), []);
    // `Übertrag von Seite 1` is no page mark.
    assert.deepEqual(statementStarts(lines([[1, 'Seite 2 von 3'], [2, 'Übertrag von Seite 1']])), []);
  });

  test('a value date labelled on a line of the block is the posting\'s value date, not its text', () => {
    // The booking date in a middle column, the value date as the block's last line.
    const doc = synthDoc([
      [44, 60, 'Musterbank Digital AG'],
      [320, 80, 'IBAN DE89 3704 0044 0532 0130 00'],
      [320, 92, '01.08.2026 bis 31.08.2026'],
      [44, 120, 'Beschreibung'],
      [330, 120, 'Buchungstag'],
      [540, 120, 'Betrag', true],
      [44, 140, 'Stadtwerke Musterstadt'],
      [330, 140, '03.08.2026'],
      [540, 140, '-80,00€', true],
      [44, 150, 'Lastschrift'],
      [44, 160, 'Abschlag August'],
      [44, 170, 'Valuta: 04.08.2026'],
      [44, 190, 'Musterfirma GmbH'],
      [330, 190, '28.08.2026'],
      [540, 190, '+2.000,00€', true],
      [44, 200, 'Gutschrift'],
      [44, 210, 'Gehalt'],
      [44, 220, 'Wertstellung 28.08.2026'],
      // The value-date line closes the block: a line right under it is not the posting's.
      [44, 230, 'Musterbank Digital AG, Musterstraße 1, 10115 Berlin'],
      [44, 250, 'Alter Kontostand'],
      [540, 250, '100,00€', true],
      [44, 262, 'Neuer Kontostand'],
      [540, 262, '2.020,00€', true],
    ]);
    const accounts = extractAccounts(doc);
    assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => [r[0], r[1]]), [
      ['03.08.2026', 'Lastschrift Abschlag August'],
      ['28.08.2026', 'Gutschrift Gehalt'],
    ]);
    const [record] = toAccountRecords(accounts, doc);
    assert.deepEqual(record!.postings.map((p) => [p.booking_date, p.value_date]), [
      ['2026-08-03', '2026-08-04'],
      ['2026-08-28', '2026-08-28'],
    ]);
    // Only a label and its date: a purpose that names a value date stays text.
    assert.equal(labelledValueDate(toLines([synthPage([[44, 40, 'Wertstellung 01.08.2026']])])[0]!)?.day, 1);
    for (const t of ['Wertstellung zum 01.08.2026', 'Wertpapierkauf 01.08.2026', 'Wertstellung 01.08.2026 12,00']) assert.equal(labelledValueDate(toLines([synthPage([[44, 40, t]])])[0]!), null, t);
  });

  test('an opening balance that names the statement it closed: the period starts the day after', () => {
    const page = (opening: string): SynthLine[] => [
      [44, 40, 'Stadtsparkasse Musterstadt'],
      [400, 40, 'Kontoauszug 1/2026'],
      [44, 52, 'IBAN DE89 3704 0044 0532 0130 00'],
      [44, 80, 'Bu-Tag Wert Vorgang'],
      [540, 80, 'Betrag EUR', true],
      [130, 95, opening],
      [540, 95, '1.000,00 +', true],
      [44, 110, '12.12. 12.12. Lastschrift'],
      [540, 110, '100,00 -', true],
      [130, 120, 'Stadtwerke Musterstadt'],
      [130, 140, 'Kontostand am 08.01.2026'],
      [540, 140, '900,00 +', true],
    ];
    const period = (opening: string) => {
      const doc = synthDoc(page(opening));
      return toAccountRecords(extractAccounts(doc), doc)[0]!.period;
    };
    assert.deepEqual(period('Kontostand am 09.12.2025, Auszug Nr. 12'), { start: '2025-12-10', end: '2026-01-08' });
    assert.deepEqual(period('Alter Saldo gem. Kontoauszug vom 09.12.2025'), { start: '2025-12-10', end: '2026-01-08' });
    // A balance that names no statement: its own day, as printed.
    assert.deepEqual(period('Kontostand am 09.12.2025'), { start: '2025-12-09', end: '2026-01-08' });
  });

  test('one word and `Übertrag` on a line of its own is a purpose, not a carry-over', () => {
    for (const t of ['Sparen Übertrag', 'Monatlicher Uebertrag']) assert.ok(vocab.carryAsPurpose.test(fold(t)), t);
    for (const t of ['Übertrag', 'Summe Übertrag', 'Seite Übertrag', 'Zwischensumme Übertrag', 'Übertrag von Seite 1']) assert.ok(!vocab.carryAsPurpose.test(fold(t)), t);
  });

  test('the line above a card-number line is the merchant, under a type line or alone', () => {
    const split = (lines: string[]) => withCardMerchant(lines, splitCounterparty(lines));
    assert.deepEqual(split(['Kauf/Dienstleistung vom 07.12.2025', 'Coop Supermarkt Thun', 'Karten-Nr. XXXX2769']), { counterparty: 'Coop Supermarkt Thun', text: 'Kauf/Dienstleistung vom 07.12.2025 Karten-Nr. XXXX2769' });
    assert.deepEqual(split(['Spotify', 'Karte: 5587 ** ** 0906']), { counterparty: 'Spotify', text: 'Karte: 5587 ** ** 0906' });
    // No card-number line, or a type or fee line above it: nothing changes.
    assert.deepEqual(split(['Kartenzahlung', 'Karte: 5587 ** ** 0906']).counterparty, '');
    assert.deepEqual(split(['Entgelt', 'Karte 1234 Jahresgebühr']).counterparty, '');
    // A name the rules read stays.
    assert.deepEqual(withCardMerchant(['Rossmann', 'Karte: 1234'], { counterparty: 'Rossmann GmbH', text: 'x' }), { counterparty: 'Rossmann GmbH', text: 'x' });
    // Through the engine: an e-money list whose card payments print the merchant alone.
    const accounts = extractAccounts(synthDoc(statement('Girokonto', 'DE89 3704 0044 0532 0130 00', [
      [44, 165, '05.11.2026 05.11. Rossmann'],
      [540, 165, '-100,00', true],
      [140, 175, 'Karte: 5587 ** ** 0906'],
    ], '500,00', '400,00')));
    assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => [r[2], r[1]]), [['Rossmann', 'Karte: 5587 ** ** 0906']]);
  });

  test('a pending section headed with the day it stands at keeps its rows out', () => {
    for (const t of ['Ausstehende Transaktionen zum 30. Juni 2026', 'Ausstehende Umsätze per 30.06.2026', 'Vorgemerkte Umsätze am 2. Nov. 2026']) {
      assert.ok(vocab.pendingSection.test(fold(t)), t);
    }
    // A posting's text that starts like a heading is none.
    for (const t of ['Ausstehende Transaktionen zum Jahresende', 'Vorgemerkte Umsätze 12,00']) assert.ok(!vocab.pendingSection.test(fold(t)), t);
    const accounts = extractAccounts(synthDoc(statement('Girokonto', 'DE89 3704 0044 0532 0130 00', [
      [44, 165, '05.11.2026 05.11. Lastschrift'],
      [540, 165, '-100,00', true],
      [140, 175, 'Stadtwerke Musterstadt'],
      [44, 200, 'Ausstehende Transaktionen zum 30. Nov. 2026'],
      [44, 215, '29.11.2026 Kartenzahlung'],
      [540, 215, '-18,07', true],
      [140, 225, 'Lieferdienst'],
    ], '500,00', '400,00')));
    assert.deepEqual(toTables(accounts)[0]!.rows.map((r) => r[3]), ['-100,00']);
  });
});
