import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LoadedDocument, TextCell } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';

/**
 * Day headings a scan lost (issue 21, random seeds 982 and 989 read as scan and photo): day
 * headings (`Mittwoch, 26.02.2025`) over rows that print their value date (`Valuta`), newest
 * first, a rule under every row. The rule just above a heading wipes its weekday (`20.02.2025`
 * alone) or every word of it (nothing, or a residue such as `OT`); the rows under it then took
 * the day above. Positions and pitches as OCR gave them on those scans: a heading stands 16 pt
 * under the line above and 12 pt over its row, two rows of one day 15 pt apart.
 */
type Box = [text: string, x: number, y: number, width: number, confidence?: number];
const cell = ([text, x, y, width, confidence = 0.95]: Box): TextCell => ({ text, bbox: { x, y, width, height: 7 }, fontSize: 7, source: 'ocr', confidence });
const rows = (boxes: Box[]): string[] => {
  const doc: LoadedDocument = { format: 'pdf', pages: [{ number: 1, width: 595.28, height: 841.79, source: 'ocr', cells: boxes.map(cell) }] };
  return toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
};

type Day = { heading: 'named' | 'weekday-lost' | 'wiped' | 'residue'; weekday: string; day: string; rows: [value: string, name: string, amount: string][] };
const DAYS: Day[] = [
  { heading: 'named', weekday: 'Mittwoch,', day: '26.02.2025', rows: [['26.02.', 'Netflix', '-46,89']] },
  { heading: 'wiped', weekday: 'Dienstag,', day: '25.02.2025', rows: [['25.02.', 'Zahnarztpraxis', '-1.088,41']] },
  { heading: 'weekday-lost', weekday: 'Donnerstag,', day: '20.02.2025', rows: [['20.02.', 'Entgelt', '-5,41']] },
  { heading: 'named', weekday: 'Montag,', day: '17.02.2025', rows: [['19.02.', 'Abschluss', '-13,01'], ['17.02.', 'Stadtwerke', '-97,10']] },
  { heading: 'residue', weekday: 'Sonntag,', day: '16.02.2025', rows: [['16.02.', 'Shell', '-86,58']] },
  { heading: 'named', weekday: 'Samstag,', day: '15.02.2025', rows: [['15.02.', 'Familienkasse', '+53,93']] },
];

function page(days: readonly Day[]): Box[] {
  const out: Box[] = [['Valuta', 50, 178, 24], ['Buchungstext', 93, 178, 48], ['Umsatz', 515, 178, 28]];
  let y = 193;
  for (const d of days) {
    y += 16;
    if (d.heading === 'named') out.push([d.weekday, 50, y, 40], [d.day, 95, y, 42]);
    if (d.heading === 'weekday-lost') out.push([d.day, 102, y, 42]);
    if (d.heading === 'residue') out.push(['OT', 56, y, 9, 0.41]);
    y += 12;
    d.rows.forEach(([value, name, amount], k) => {
      if (k > 0) y += 15;
      out.push([value, 50, y, 22], [name, 93, y, 60], [amount, 545 - amount.length * 4, y, amount.length * 4]);
      out.push(['Lastschrift', 93, (y += 11), 40]);
    });
  }
  return out;
}

describe('day headings a scan lost', () => {
  test('a heading without its weekday and a wiped heading still start their days', () => {
    assert.deepEqual(rows(page(DAYS)), ['26.02.2025 -46,89', '25.02.2025 -1.088,41', '20.02.2025 -5,41', '17.02.2025 -13,01', '17.02.2025 -97,10', '16.02.2025 -86,58', '15.02.2025 53,93']);
  });

  test('a row whose own date lies outside its neighbouring headings keeps the day above', () => {
    // The wiped day's row prints 28.02., after 26.02. in a list that runs back from 26.02. to
    // 15.02.: no day between the headings, so the gap proves nothing about its booking day.
    const days = DAYS.map((d) => (d.heading === 'wiped' ? { ...d, rows: [['28.02.', 'Zahnarztpraxis', '-1.088,41']] as Day['rows'] } : d));
    assert.equal(rows(page(days))[1], '26.02.2025 -1.088,41');
  });
});
