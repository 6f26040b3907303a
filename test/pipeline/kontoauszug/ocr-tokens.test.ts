import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LoadedDocument, Page } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { normaliseOcrPages, normaliseOcrSign, normaliseOcrWord } from '../../../src/pipeline/layout/ocr-tokens.js';
import { synthDoc, synthOcrDoc, synthPage, type SynthLine } from './synthetic.js';

/** OCR misreadings of dates and amounts undone before the engine reads the words (ocr-tokens.ts). */
describe('OCR token normalisation', () => {
  const cases: [read: string, meant: string][] = [
    ['23:12:', '23.12.'],
    ['16.12:', '16.12.'],
    ['09.09.2026.', '09.09.2026'],
    ['17.11.2026,', '17.11.2026'],
    ['864,91.', '864,91'],
    ['1.757,17.', '1.757,17'],
    ['=1,231,02€', '=1.231,02€'],
    ['1.212,28:S', '1.212,28S'],
    ['=1601:13€', '=1601,13€'],
    ['272.08', '272,08'],
    ['-1.51293€', '-1.512,93€'],
    ['16.12;', '16.12.'], // the date's final point read as a semicolon
    ['24.12,', '24.12.'], // … or as a comma
    ['25:01:25', '25.01.25'], // no hour 25: a date, not a time
    ['117,11:-', '117,11-'], // junk between the amount and its trailing sign
    ['13.0T', '13.01'], // letters for the digits they look like, in a date's shape
    ['O3.12.', '03.12.'],
    ['3O.l2.2025', '30.12.2025'],
    ['SVWZ-+Einkommensteuer', 'SVWZ+Einkommensteuer'], // a SEPA label's plus with a dash
    ['1:384,98-', '1.384,98-'], // the thousands point read as a colon
    ['07.07.107.07.', '07.07./07.07.'], // booking/value date's slash read as 1 (phone photo)
    ['20.07.l21.07.', '20.07./21.07.'],
    ['28.07.|28.07.2025', '28.07./28.07.2025'],
    ['0.00..EUR', '0,00EUR'], // a leader's last dots between a figure and its glued currency (issue 22)
    ['25,00.-€', '25,00€'],
    ['12.05..EUR', '12,05EUR'], // with its currency a figure is an amount, not a date
  ];
  for (const [read, meant] of cases) {
    test(`${read} → ${meant}`, () => assert.equal(normaliseOcrWord(read), meant));
  }

  const kept = [
    '09:05', // a time
    '09:05:30', // a time with seconds, not 09.05.2030
    '23:01:25', // a time as much as a date: left alone
    '1.I', // too short to be a date without its final point
    'TO.TO', // no digit of its own
    'Tel.',
    'Kfz-+Haftpflicht', // not a SEPA label
    '19,11.', // a date (19.11.) as much as an amount: lines.ts decides
    '12.05', // may be a date that lost its point
    '2024.10', // a four-digit amount prints its thousands point: some other number
    '1197/51', // a reference without sign or currency
    '14:32',
    '287,765', // outside a Soll/Haben statement
    '1.234,56',
    'Kontoauszug',
    '07.07.1907', // a date with its year: no second date
    '31.02.131.02.', // no 31 February: not two dates
    '07.07.1.234,56', // a date and an amount run together: no slash between them
  ];
  for (const word of kept) {
    test(`${word} stays`, () => assert.equal(normaliseOcrWord(word), word));
  }

  test('a minus read as = before an app amount with its euro sign glued on', () => {
    assert.equal(normaliseOcrSign(normaliseOcrWord('=155€')), '-155€');
    assert.equal(normaliseOcrSign(normaliseOcrWord('=155')), '=155'); // no amount without € or decimals
  });

  test('a glued S read as 5 or 8: only where the statement marks amounts with S/H', () => {
    assert.equal(normaliseOcrWord('287,765', true), '287,76S');
    assert.equal(normaliseOcrWord('74,688', true), '74,68S');
    assert.equal(normaliseOcrWord('56,12°5', true), '56,12S');
    assert.equal(normaliseOcrWord('287,765', false), '287,765');
  });

  const ocrPage = (lines: SynthLine[]): Page => {
    const p = synthPage(lines);
    return { ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: 0.9 })) };
  };

  /** An OCR page whose words are read with confidence 0.9, or as `conf` says for a word. */
  const ocrPageWith = (lines: SynthLine[], conf: (text: string) => number): Page => {
    const p = synthPage(lines);
    return { ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: conf(c.text) })) };
  };
  const texts = (page: Page): string[] => normaliseOcrPages([page])[0]!.cells.map((c) => c.text);

  test('an amount cut in two after its decimal comma is one word again', () => {
    const page = ocrPageWith([[50, 100, 'Stadtwerke München GmbH =1.318, 91€']], () => 0.85);
    assert.deepEqual(texts(page), ['Stadtwerke', 'München', 'GmbH', '-1.318,91€']);
    assert.deepEqual(texts(ocrPageWith([[50, 100, 'Miete 1.318 ,91€']], () => 0.85)), ['Miete', '1.318,91€']);
    // Prose: a number and a comma with nothing that says "amount" stay apart.
    assert.deepEqual(texts(ocrPageWith([[50, 100, 'Nr. 1234, 56 Stück']], () => 0.85)), ['Nr.', '1234,', '56', 'Stück']);
    // Far apart, they are two things.
    assert.deepEqual(texts(ocrPageWith([[50, 100, '=1.318,'], [120, 100, '91€']], () => 0.85)), ['=1.318,', '91€']);
  });

  test('a mark read with low confidence from paper grain is dropped; a sign next to its amount stays', () => {
    const lines: SynthLine[] = [
      [50, 100, '12.11.2026 12.11. - Überweisung'],
      [400, 100, '479,36 S', true],
      [50, 115, '07.09. : 08.09. Lastschrift'],
      [400, 115, '4,51 -', true],
      [50, 130, 'Referenz 2178317843'],
      [400, 131, '-', true],
    ];
    const out = texts(ocrPageWith(lines, (t) => (/^[-:]$/u.test(t) ? 0.3 : 0.95)));
    assert.deepEqual(out, ['12.11.2026', '12.11.', 'Überweisung', '479,36', 'S', '07.09.', '08.09.', 'Lastschrift', '4,51', '-', 'Referenz', '2178317843']);
    // Read confidently, the marks are what was printed.
    assert.equal(texts(ocrPageWith(lines, () => 0.95)).filter((t) => t === '-' || t === ':').length, 4);
  });

  test('in a Soll/Haben statement, an S apart from its amount read as 5 is the S', () => {
    const lines: SynthLine[] = [
      [50, 100, '01.03. Lohn 1.000,00 H'],
      [50, 115, '02.03. Miete 500,00 S'],
      [50, 130, '03.03. Strom 40,00 S'],
      [50, 145, '04.03. Dauerauftrag 395,98 5'],
      [50, 160, '05.03. Referenz 4711 5'],
    ];
    const out = texts(ocrPageWith(lines, () => 0.9));
    assert.deepEqual(out.slice(-7), ['Dauerauftrag', '395,98', 'S', '05.03.', 'Referenz', '4711', '5']);
    // Without S/H marks on the page, a 5 is a 5.
    assert.deepEqual(texts(ocrPageWith(lines.slice(3), () => 0.9)).slice(1, 4), ['Dauerauftrag', '395,98', '5']);
  });

  test('an unsure letter or digit a fraction of the text height is a speck', () => {
    const page = ocrPageWith([[50, 100, 'Savings plan execution']], () => 0.93);
    const speck = (text: string, x: number, confidence: number) => ({ text, bbox: { x, y: 93, width: 0.7, height: 0.7 }, fontSize: 0.7, source: 'ocr' as const, confidence });
    const cells = [...page.cells, speck('2', 60, 0.72), speck('z', 110, 0), speck('.', 140, 0.95)];
    assert.deepEqual(texts({ ...page, cells }), ['Savings', 'plan', 'execution', '.']);
    // Read confidently, a small glyph is what was printed.
    assert.deepEqual(texts({ ...page, cells: [...page.cells, speck('2', 60, 0.95)] }), ['Savings', 'plan', 'execution', '2']);
  });

  test('a point or dash taller than the text is a streak, however confident', () => {
    const page = ocrPageWith([[50, 100, '24.02.2026 25.02. Kartenzahlung']], () => 0.93);
    const mark = (text: string, height: number) => ({ text, bbox: { x: 103, y: 100 - height, width: 4, height }, fontSize: height, source: 'ocr' as const, confidence: 0.92 });
    assert.deepEqual(texts({ ...page, cells: [...page.cells, mark('.', 13)] }), ['24.02.2026', '25.02.', 'Kartenzahlung']);
    // A slash or bracket may be that tall; a point of the text's size is what was printed.
    assert.deepEqual(texts({ ...page, cells: [...page.cells, mark('/', 13)] }), ['24.02.2026', '25.02.', 'Kartenzahlung', '/']);
    assert.deepEqual(texts({ ...page, cells: [...page.cells, mark('.', 2)] }), ['24.02.2026', '25.02.', 'Kartenzahlung', '.']);
  });

  test('a speck does not split a text line in two', () => {
    const lines: SynthLine[] = [[50, 100, 'Savings plan execution Nordsee']];
    const page = ocrPageWith(lines, () => 0.93);
    // A 0.7 pt speck at the top of the line, read as `2`, sorted before the line's words.
    const speck = { text: '2', bbox: { x: 62, y: 91, width: 0.7, height: 0.7 }, fontSize: 0.7, source: 'ocr' as const, confidence: 0.72 };
    const cells = [speck, ...page.cells.map((c, i) => ({ ...c, bbox: { ...c.bbox, y: c.bbox.y + (i % 2) * 1.2 } }))];
    const out = toLines(normaliseOcrPages([{ ...page, cells }]));
    assert.equal(out.length, 1);
    assert.equal(out[0]!.text, 'Savings plan execution Nordsee');
  });

  test('the engine reads a posting whose value date and type were hidden by grain', () => {
    const lines: SynthLine[] = [
      [50, 100, 'Buchungstag Wert Vorgang Betrag EUR'],
      [120, 115, 'Alter Kontostand 1.000,00 H'],
      [50, 130, '12.11. : 13.11. - Überweisung'],
      [400, 130, '479,36 S', true],
      [120, 142, 'Erika Musterfrau'],
      [120, 162, 'Neuer Kontostand 520,64 H'],
    ];
    const doc = { format: 'pdf' as const, pages: [ocrPageWith(lines, (t) => (/^[-:]$/u.test(t) ? 0.3 : 0.95))] };
    const [row] = toTables(extractAccounts(doc)).flatMap((t) => t.rows);
    assert.deepEqual(row!.slice(1), ['Überweisung', 'Erika Musterfrau', '-479,36']);
  });

  test('text-layer pages are never changed', () => {
    const page = synthPage([[50, 100, '23:12: Lastschrift 864,91.']]);
    const [out] = normaliseOcrPages([page]);
    assert.equal(out, page);
  });

  test('Soll/Haben marks are counted on the page: three amounts with S or H make the statement one', () => {
    const lines: SynthLine[] = [
      [50, 100, '01.03. Lohn 1.000,00 H'],
      [50, 115, '02.03. Miete 500,00 S'],
      [50, 130, '03.03. Strom 40,00S'],
      [50, 145, '04.03. Kartenzahlung 287,765'],
    ];
    const texts = normaliseOcrPages([ocrPage(lines)])[0]!.cells.map((c) => c.text);
    assert.ok(texts.includes('287,76S'));
    const two = normaliseOcrPages([ocrPage(lines.slice(1))])[0]!.cells.map((c) => c.text);
    assert.ok(two.includes('287,765'), 'two marked amounts are not enough');
  });

  test('a booking date whose first point was lost (1711.) is a date where its line prints a partner date', () => {
    const lines: SynthLine[] = [
      [50, 100, '1711. Bezahlung Karte 18.11. 552,02-'], // value date a day later: the posting's two dates
      [50, 115, '1711. Gutschrift 17.11. 571,29+'],
      [50, 130, 'Filiale 1711. Auftrag'], // no date on the line: a number
      [50, 145, '1711. Gutschrift 02.03. 5,00+'], // months apart: no partner
    ];
    const texts = normaliseOcrPages([ocrPage(lines)])[0]!.cells.map((c) => c.text);
    assert.deepEqual(texts.filter((t) => /^17\.?11\.$/u.test(t)), ['17.11.', '17.11.', '17.11.', '1711.', '1711.']);
  });

  test('the engine reads a posting whose date came out as 23:12: on an OCR page', () => {
    const lines: SynthLine[] = [
      [50, 100, 'Buchungstag Vorgang Betrag EUR'],
      [120, 115, 'Alter Kontostand 100,00'],
      [50, 130, '22.12. Lastschrift'],
      [400, 130, '-10,00', true],
      [50, 145, '23:12: Lastschrift'],
      [400, 145, '-20,00', true],
      [120, 165, 'Neuer Kontostand 70,00'],
    ];
    const rows = (page: Page) => toTables(extractAccounts({ format: 'pdf', pages: [page] })).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
    const ocr = rows(ocrPage(lines));
    assert.equal(ocr.length, 2);
    assert.match(ocr[1]!, /^23\.12\.\d{4} -20,00$/u);
    // In a text layer `23:12:` is what was printed: not a date.
    assert.equal(rows(synthDoc(lines).pages[0]!).length, 1);
  });
});

/**
 * Dates of a scanned or photographed row that lost a space or a dash (issue 21, random statement
 * layouts read as scans and photos): `7.Okt.` for `7. Okt.` on a statement that dates its rows by
 * month name, `2025-0923` for the value date `2025-09-23` beside an ISO booking date. The row was
 * not read as a posting, and its amount went missing from the statement.
 */
describe('OCR dates that lost a space or a dash', () => {
  const rows = (doc: LoadedDocument): string[] => toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => `${r[0]} ${r[3]}`));
  const ocrPage = (lines: SynthLine[]): Page => synthOcrDoc(lines).pages[0]!;

  test('a month-name date read without its space (7.Okt.) still dates its row', () => {
    const lines: SynthLine[] = [
      [50, 100, 'Datum Vorgang Betrag Saldo'],
      [50, 115, 'Anfangssaldo'],
      [520, 115, '1.000,00', true],
      [50, 130, '2. Okt. Kartenzahlung Bäckerei'],
      [420, 130, '-10,00', true],
      [520, 130, '990,00', true],
      [50, 145, '7.Okt. Lastschrift Stadtwerke'],
      [420, 145, '-20,00', true],
      [520, 145, '970,00', true],
      [50, 160, '9. Okt. Gutschrift Erstattung'],
      [420, 160, '5,00', true],
      [520, 160, '975,00', true],
      [50, 175, 'Endsaldo'],
      [520, 175, '975,00', true],
    ];
    const doc = synthOcrDoc([[50, 60, 'Kontoauszug 10/2025 vom 01.10.2025 bis 31.10.2025'], ...lines]);
    assert.deepEqual(rows(doc), ['02.10.2025 -10,00', '07.10.2025 -20,00', '09.10.2025 5,00']);
  });

  test('the glued word is cut only where its letters name a month and the day exists', () => {
    const words = (text: string): string[] => normaliseOcrPages([ocrPage([[50, 100, text]])])[0]!.cells.map((c) => c.text);
    assert.deepEqual(words('7.Okt. Kartenzahlung'), ['7.', 'Okt.', 'Kartenzahlung']);
    assert.deepEqual(words('22.November'), ['22.', 'November']);
    assert.deepEqual(words('31.Nov. Gebühr'), ['31.Nov.', 'Gebühr']); // no 31st of November
    assert.deepEqual(words('3.Etage'), ['3.Etage']);
  });

  test('an ISO date that lost a dash is a date only beside an ISO partner date a few days away', () => {
    const words = (text: string): string[] => normaliseOcrPages([ocrPage([[50, 100, text]])])[0]!.cells.map((c) => c.text);
    assert.deepEqual(words('2025-09-21 2025-0923 Lastschrift 1.581,84 S'), ['2025-09-21', '2025-09-23', 'Lastschrift', '1.581,84', 'S']);
    assert.deepEqual(words('2025-09-21 202509-22 Lastschrift'), ['2025-09-21', '2025-09-22', 'Lastschrift']);
    assert.deepEqual(words('Vertrag 2025-0923 Lastschrift'), ['Vertrag', '2025-0923', 'Lastschrift']); // no partner date
    assert.deepEqual(words('2025-01-02 2025-0923 Lastschrift'), ['2025-01-02', '2025-0923', 'Lastschrift']); // months apart
  });
});
