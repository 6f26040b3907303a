import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf, type KontoauszugFixture } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import type { PageSpec } from '../../../scripts/fixtures/texts.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Which of two date columns is the booking date (issue 21, date-columns.ts): a generated
 * two-date statement (the broker settlement account, `Buchtag | Valuta | Buchungsinformationen |
 * TA-Nr. | Betrag`, trades valued two days after booking) through the real reading layer and
 * engine, as printed (value date second) and with the two date columns and their header words
 * swapped (value date first). Either way the row's date is the booking date and the value date
 * is the other; the text column's `Buchungsinformationen` names no date column.
 */
const layout = LAYOUTS.find((l) => l.name === 'broker-verrechnungskonto')!;
const DMY = /^\d{2}\.\d{2}\.\d{4}$/u;
const BOOKED_X = 40;
const VALUE_X = 88;

/** The same pages with the booking and value date columns (cells and header words) trading places. */
function valueFirst(f: KontoauszugFixture): KontoauszugFixture {
  const swap = (x: number): number => (x === BOOKED_X ? VALUE_X : x === VALUE_X ? BOOKED_X : x);
  const pages = f.pages.map((page): PageSpec => {
    const moved = page.map((l) => (DMY.test(l.text) || l.text === 'Buchtag' || l.text === 'Valuta' ? { ...l, x: swap(l.x) } : l));
    return Object.assign(moved, { size: page.size, rules: page.rules });
  });
  return { ...f, pages };
}

describe('the booking-date column among two date columns', () => {
  let reader: ReaderWithStats;
  before(() => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
  });
  after(() => reader.close());

  for (const [name, make] of [['value date second (Buchtag | Valuta)', (f: KontoauszugFixture) => f], ['value date first (Valuta | Buchtag)', valueFirst]] as const) {
    test(name, async () => {
      for (const seed of [1, 3]) {
        const f = make(fixtureFor(layout, seed));
        const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
        const [a] = extractAccounts(doc);
        const expected = f.statement.accounts[0]!.postings;
        const rows = toTables([a!])[0]!.rows;
        assert.equal(rows.length, expected.length, `${f.id}: every posting read`);
        const fmt = (d: { day: number; month: number; year: number }): string => `${String(d.day).padStart(2, '0')}.${String(d.month).padStart(2, '0')}.${d.year}`;
        assert.ok(expected.some((p) => fmt(p.date) !== fmt(p.valueDate)), `${f.id}: the statement has postings valued on another day`);
        assert.deepEqual(rows.map((r) => r[0]), expected.map((p) => fmt(p.date)), `${f.id}: the row's date is the booking date`);
        assert.equal(a!.valueDates, true, `${f.id}: the other date is the value date`);
        assert.deepEqual(a!.postings.map((p) => (p.other ? fmt(p.other) : null)), expected.map((p) => fmt(p.valueDate)), `${f.id}: value dates`);
        assert.equal(a!.info.reconciled, true);
      }
    });
  }
});

/**
 * Where the header names neither date column (`Datum Datum`), the structure decides
 * (booking-column.ts): booking dates lie inside the stated period and run in order; value dates
 * may fall after the period's end and jump. Synthetic pages through the real engine.
 */
describe('the booking-date column decided by the period and the order where the header is silent', () => {
  const page = (valueFirst: boolean): SynthLine[] => {
    const rows: [string, string, string, string][] = [
      ['03.06.2025', '05.06.2025', 'Wertpapierkauf', '-1.000,00'],
      ['04.06.2025', '02.06.2025', 'Gutschrift', '+500,00'],
      ['17.06.2025', '19.06.2025', 'Wertpapierverkauf', '+2.000,00'],
      ['18.06.2025', '16.06.2025', 'Lastschrift', '-100,00'],
      ['30.06.2025', '02.07.2025', 'Wertpapierkauf', '-400,00'],
    ];
    return [
      [56, 60, 'Kontoauszug Verrechnungskonto IBAN DE89 3704 0044 0532 0130 00'],
      [56, 80, 'Zeitraum 01.06.2025 - 30.06.2025'],
      [56, 110, 'Datum Datum Vorgang'], [520, 110, 'Betrag', true],
      [56, 130, 'Saldo alt'], [520, 130, '5.000,00', true],
      ...rows.flatMap(([booked, valued, type, amount], i): SynthLine[] => [
        [56, 150 + i * 20, `${valueFirst ? valued : booked} ${valueFirst ? booked : valued} ${type}`],
        [520, 150 + i * 20, amount, true],
      ]),
      [56, 260, 'Saldo neu'], [520, 260, '6.000,00', true],
    ];
  };
  const booked = ['03.06.2025', '04.06.2025', '17.06.2025', '18.06.2025', '30.06.2025'];

  test('booking date first: kept', () => {
    const [a] = extractAccounts(synthDoc(page(false)));
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[0]), booked);
    assert.equal(a!.info.reconciled, true);
  });

  test('booking date second: the column inside the period and in order is the booking date; the other is not called a value date', () => {
    const [a] = extractAccounts(synthDoc(page(true)));
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => r[0]), booked);
    assert.equal(a!.valueDates, false, 'the first column is unnamed: its kind is not known');
    assert.equal(a!.info.reconciled, true);
  });
});
