import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { normaliseOcrPages, normaliseOcrWord } from '../../../src/pipeline/stages/kontoauszug/ocr-tokens.js';
import { synthDoc, synthPage, type SynthLine } from './synthetic.js';

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
  ];
  for (const [read, meant] of cases) {
    test(`${read} → ${meant}`, () => assert.equal(normaliseOcrWord(read), meant));
  }

  const kept = [
    '09:05', // a time
    '09:05:30', // a time with seconds, not 09.05.2030
    '19,11.', // a date (19.11.) as much as an amount: lines.ts decides
    '12.05', // may be a date that lost its point
    '2024.10', // a four-digit amount prints its thousands point: some other number
    '1197/51', // a reference without sign or currency
    '14:32',
    '287,765', // outside a Soll/Haben statement
    '1.234,56',
    'Kontoauszug',
  ];
  for (const word of kept) {
    test(`${word} stays`, () => assert.equal(normaliseOcrWord(word), word));
  }

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
