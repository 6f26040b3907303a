import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: structures the combinatorial random layouts (scripts/fixtures/kontoauszug/
 * random-layouts.ts) found read wrong, each as a small synthetic page: a pending section whose
 * heading carries a remark in brackets, date headings over rows that print a value date, and a
 * value-date column printed first under `Wert | Datum`.
 */
const rows = (page: SynthLine[]): string[] => toTables(extractAccounts(synthDoc(page)))[0]!.rows.map((r) => `${r[0]} ${r[3]}`);
const head: SynthLine[] = [
  [40, 30, 'Musterbank AG Kontoauszug'],
  [40, 50, 'Anna Schulz IBAN DE89 3704 0044 0532 0130 00'],
  [40, 62, 'Zeitraum: 01.11.2025 - 30.11.2025'],
];

describe('random-layout structures (issue 21)', () => {
  const pendingPage = (heading: string): SynthLine[] => [
    ...head,
    [40, 90, heading],
    [40, 102, '01.12.2025'],
    [120, 102, 'Kartenzahlung REWE Markt'],
    [545, 102, '-37,15', true],
    [40, 120, 'Gebuchte Umsätze'],
    [40, 134, 'Datum'],
    [120, 134, 'Vorgang'],
    [545, 134, 'Betrag EUR', true],
    [120, 146, 'Alter Kontostand'],
    [545, 146, '1.000,00', true],
    [40, 158, '03.11.2025'],
    [120, 158, 'Lastschrift Stadtwerke'],
    [545, 158, '-100,00', true],
    [40, 170, '05.11.2025'],
    [120, 170, 'Gutschrift Musterfirma GmbH'],
    [545, 170, '250,00', true],
    [120, 182, 'Neuer Kontostand'],
    [545, 182, '1.150,00', true],
  ];

  test('a pending section whose heading carries a bracketed remark stays out of the postings', () => {
    assert.deepEqual(rows(pendingPage('Vorgemerkte Umsätze (noch nicht gebucht)')), ['03.11.2025 -100,00', '05.11.2025 250,00']);
    const accounts = extractAccounts(synthDoc(pendingPage('Vorgemerkte Umsätze (noch nicht gebucht)')));
    assert.equal(accounts[0]!.info.reconciled, true);
  });

  test('a posting text that starts with the section words and goes on is no section heading', () => {
    // Without the brackets the line is prose: the pending row is read as a posting.
    assert.equal(rows(pendingPage('Vorgemerkte Umsätze werden erst später gebucht')).length, 3);
  });

  const headingsPage: SynthLine[] = [
    ...head,
    [40, 90, 'Wert'],
    [120, 90, 'Vorgang'],
    [545, 90, 'Betrag', true],
    [120, 102, 'Alter Kontostand'],
    [545, 102, '1.000,00', true],
    [40, 116, 'Montag, 03.11.2025'],
    [40, 128, '04.11.2025'],
    [120, 128, 'Lastschrift Stadtwerke'],
    [545, 128, '-100,00', true],
    [40, 142, 'Mittwoch, 05.11.2025'],
    [40, 154, '05.11.2025'],
    [120, 154, 'Gutschrift Musterfirma GmbH'],
    [545, 154, '250,00', true],
    [40, 166, '07.11.2025'],
    [120, 166, 'Kartenzahlung REWE'],
    [545, 166, '-20,00', true],
    [120, 180, 'Neuer Kontostand'],
    [545, 180, '1.130,00', true],
  ];

  // blocks.ts, day-groups.ts `headingsBookDays`, with posting-lines.ts `namesWeekday`.
  test('date headings over rows with a value date of their own book the rows on the heading day', () => {
    assert.deepEqual(rows(headingsPage), ['03.11.2025 -100,00', '05.11.2025 250,00', '05.11.2025 -20,00']);
    const accounts = extractAccounts(synthDoc(headingsPage));
    assert.deepEqual(
      accounts[0]!.rows.map((r) => r.otherDate),
      ['04.11.2025', '05.11.2025', '07.11.2025'],
    );
  });

  test('date lines without a weekday (a value date on its own line, a labelled letter date) head no day: the rows keep their own dates', () => {
    // ingdiba ExtraKontoauszug01 (real corpus): `Datum 29.12.2023` in the letterhead and a value
    // date `30.12.2023` alone below the last row; the truth books the first row on 28.12.
    const bare = headingsPage.map((l): SynthLine => (l[2] === 'Montag, 03.11.2025' ? [l[0], l[1], 'Datum 03.11.2025'] : l[2] === 'Mittwoch, 05.11.2025' ? [l[0], l[1], '05.11.2025'] : l));
    assert.deepEqual(rows(bare), ['04.11.2025 -100,00', '05.11.2025 250,00', '07.11.2025 -20,00']);
  });

  test('rows that repeat their heading date keep their own date (the headings say nothing)', () => {
    const same = headingsPage.map((l): SynthLine => (l[2] === '04.11.2025' ? [l[0], l[1], '03.11.2025'] : l[2] === '07.11.2025' ? [l[0], l[1], '05.11.2025'] : l));
    assert.deepEqual(rows(same), ['03.11.2025 -100,00', '05.11.2025 250,00', '05.11.2025 -20,00']);
  });

  const valueFirst = (header: [string, string]): SynthLine[] => [
    ...head,
    [40, 90, header[0]],
    [100, 90, header[1]],
    [160, 90, 'Verwendungszweck'],
    [545, 90, 'Betrag in EUR', true],
    [160, 102, 'Anfangssaldo'],
    [545, 102, '1.000,00', true],
    ...[
      ['04.11.2025', '03.11.2025', '-100,00'],
      ['06.11.2025', '05.11.2025', '250,00'],
      ['10.11.2025', '10.11.2025', '-20,00'],
      ['14.11.2025', '12.11.2025', '-30,00'],
    ].flatMap(([w, b, a], i): SynthLine[] => [
      [40, 114 + 12 * i, w!],
      [100, 114 + 12 * i, b!],
      [160, 114 + 12 * i, `Lastschrift Nr ${i + 1}`],
      [545, 114 + 12 * i, a!, true],
    ]),
    [160, 166, 'Endsaldo'],
    [545, 166, '1.100,00', true],
  ];

  // date-columns.ts `valueThenDate`: each header word over its own date column.
  test('`Wert | Datum`: the value date printed first, the other column is the booking date', () => {
    assert.deepEqual(rows(valueFirst(['Wert', 'Datum'])), ['03.11.2025 -100,00', '05.11.2025 250,00', '10.11.2025 -20,00', '12.11.2025 -30,00']);
  });

  test('header words that do not stand each over their own date column say nothing (`Datum Wert` both over the first dates)', () => {
    // sbroker GiroKontoauszug08 (real corpus, monospace rendering): `Datum Wert Erläuterung`, the
    // first column is the booking date as the truth has it.
    assert.deepEqual(rows(valueFirst(['Datum Wert', 'Erläuterung'])), ['04.11.2025 -100,00', '06.11.2025 250,00', '10.11.2025 -20,00', '14.11.2025 -30,00']);
  });

  test('`Datum | Wert`: the first column stays the booking date', () => {
    assert.deepEqual(rows(valueFirst(['Datum', 'Wert'])), ['04.11.2025 -100,00', '06.11.2025 250,00', '10.11.2025 -20,00', '14.11.2025 -30,00']);
  });
});
