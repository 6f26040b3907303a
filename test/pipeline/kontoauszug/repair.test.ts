import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { confusions, repairMisreads, type RepairItem } from '../../../src/pipeline/stages/kontoauszug/repair.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/** Balance-led repair of OCR misreadings (repair.ts), on constructed postings and pages. */
const item = (signed: number, o: { ocr?: boolean; confidence?: number; balance?: number | null; certain?: boolean } = {}): RepairItem => ({
  posting: { cents: Math.abs(signed), sign: signed < 0 ? -1 : 1, certain: o.certain ?? true },
  ocr: o.ocr ?? true,
  confidence: o.confidence ?? 0.97,
  balance: o.balance ?? null,
});
const values = (items: RepairItem[]): number[] => items.map((i) => i.posting.sign * i.posting.cents);
const sure = { openingUnsure: false, closingUnsure: false };

describe('confusable digits', () => {
  test('one digit replaced by a glyph OCR confuses it with', () => {
    const c = confusions(119751); // 1.197,51
    assert.ok(c.includes(119791)); // 5 → 9
    assert.ok(c.includes(419751)); // 1 → 4
    assert.ok(!c.includes(119752)); // 1 → 2 is no confusion
    assert.ok(!c.includes(119791 + 4)); // two digits changed
    assert.ok(!c.includes(119751));
  });
  test('amounts below one euro keep their printed 0', () => {
    assert.ok(confusions(5).includes(305)); // 0,05 → 3,05
    assert.ok(confusions(5).includes(3)); // 0,05 → 0,03
  });
});

describe('repair by the totals', () => {
  test('one misread digit in one unsure OCR amount is corrected', () => {
    // Printed -1.197,51, read -1.197,91; opening 5.028,70 + Σ must give 4.301,40.
    const items = [item(-119791, { confidence: 0.4 }), item(39221), item(-2000)];
    const closing = 502870 - 119751 + 39221 - 2000;
    assert.equal(repairMisreads(items, { opening: 502870, closing, ...sure }), true);
    assert.deepEqual(values(items), [-119751, 39221, -2000]);
  });

  test('a misread sign is corrected the same way', () => {
    const items = [item(-4500, { confidence: 0.5 }), item(10000)];
    assert.equal(repairMisreads(items, { opening: 0, closing: 14500, ...sure }), true);
    assert.deepEqual(values(items), [4500, 10000]);
  });

  test('two amounts that could explain the gap: nothing is changed', () => {
    // A gap of 0,40 is 9 → 5 in the cents of either debit.
    const items = [item(-119791, { confidence: 0.4 }), item(-2390, { confidence: 0.5 })];
    const closing = 100000 - 119791 - 2390 + 40;
    assert.equal(repairMisreads(items, { opening: 100000, closing, ...sure }), false);
    assert.deepEqual(values(items), [-119791, -2390]);
  });

  test('an unsure OCR opening balance that explains the gap as well: nothing is changed', () => {
    const items = [item(-119791, { confidence: 0.4 })];
    // A gap of 0,40: the debit's 9 → 5, or the opening 1.000,50 misread for 1.000,90 (5 ↔ 9).
    const closing = 100050 - 119791 + 40;
    assert.equal(repairMisreads(items, { opening: 100050, closing, openingUnsure: true, closingUnsure: false }), false);
    assert.deepEqual(values(items), [-119791]);
    // The same opening read confidently: the posting is the one candidate.
    assert.equal(repairMisreads(items, { opening: 100050, closing, ...sure }), true);
    assert.deepEqual(values(items), [-119751]);
  });

  test('amounts read confidently, and text-layer amounts, are never changed', () => {
    const closing = 502870 - 119751;
    const confident = [item(-119791, { confidence: 0.97 })];
    assert.equal(repairMisreads(confident, { opening: 502870, closing, ...sure }), false);
    assert.deepEqual(values(confident), [-119791]);
    const textLayer = [item(-119791, { ocr: false, confidence: 1 })];
    assert.equal(repairMisreads(textLayer, { opening: 502870, closing, ...sure }), false);
    assert.deepEqual(values(textLayer), [-119791]);
  });

  test('a gap no single confusion explains (a posting missed) is left open', () => {
    const items = [item(-119791, { confidence: 0.4 }), item(39221, { confidence: 0.5 })];
    const closing = 502870 - 119791 + 39221 - 7703; // a -77,03 posting was not read at all
    assert.equal(repairMisreads(items, { opening: 502870, closing, ...sure }), false);
    assert.deepEqual(values(items), [-119791, 39221]);
  });
});

describe('repair by the running balance', () => {
  test('an amount that lost a digit is pinned by two confirmed balances', () => {
    // 1.000,00 → -50,00 → 950,00 → -1.197,51 (read 197,51) → -247,51 → +300,00 → 52,49
    const items = [
      item(-5000, { balance: 95000 }),
      item(-19751, { balance: -24751, confidence: 0.99 }),
      item(30000, { balance: 5249 }),
    ];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 5249, ...sure }), true);
    assert.deepEqual(values(items), [-5000, -119751, 30000]);
  });

  test('a balance that disagrees with both its postings is the misread one: amounts stay', () => {
    // The middle balance is misread (-247,51 → -241,51): both steps around it disagree.
    const items = [item(-5000, { balance: 95000 }), item(-119751, { balance: -24151 }), item(30000, { balance: 5249 })];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 5249, ...sure }), true);
    assert.deepEqual(values(items), [-5000, -119751, 30000]);
  });

  test('text-layer amounts are not pinned either', () => {
    const items = [item(-5000, { balance: 95000, ocr: false }), item(-19751, { balance: -24751, ocr: false }), item(30000, { balance: 5249, ocr: false })];
    assert.equal(repairMisreads(items, { opening: 100000, closing: 5249, ...sure }), false);
    assert.deepEqual(values(items), [-5000, -19751, 30000]);
  });
});

describe('repair in the engine', () => {
  // Opening 1.000,00; postings -1.197,51 (misread -1.197,91) and +500,00; closing 302,49.
  const lines: SynthLine[] = [
    [50, 100, 'Buchungstag Vorgang Betrag EUR'],
    [120, 115, 'Alter Kontostand 1.000,00'],
    [50, 130, '03.03. Dauerauftrag'],
    [400, 130, '-1.197,91', true],
    [120, 142, 'Miete März'],
    [50, 157, '05.03. Gutschrift'],
    [400, 157, '+500,00', true],
    [120, 169, 'Erstattung'],
    [120, 190, 'Neuer Kontostand 302,49'],
  ];
  const ocr = (doc: LoadedDocument, confidenceOf: (text: string) => number): LoadedDocument => ({
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: confidenceOf(c.text) })) })),
  });
  const amounts = (doc: LoadedDocument): string[] => toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => r[3]!));

  test('an OCR page with an unsure misread amount is corrected and reconciles', () => {
    const doc = ocr(synthDoc(lines), (t) => (t === '-1.197,91' ? 0.42 : 0.96));
    assert.deepEqual(amounts(doc), ['-1.197,51', '500,00']);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, true);
  });

  test('the same figures in a text layer stay as printed, unreconciled', () => {
    const doc = synthDoc(lines);
    assert.deepEqual(amounts(doc), ['-1.197,91', '500,00']);
    assert.equal(extractAccounts(doc)[0]!.info.reconciled, false);
  });
});

describe('booking dates out of order', () => {
  const statement = (middle: string): SynthLine[] => [
    [50, 80, 'Kontoauszug vom 15.12.2025 bis 14.01.2026'],
    [50, 100, 'Buchungstag Vorgang Betrag EUR'],
    [120, 115, 'Alter Kontostand 1.000,00'],
    [50, 130, '25.12. Lastschrift'],
    [400, 130, '-10,00', true],
    [50, 145, `${middle} Lastschrift`],
    [400, 145, '-20,00', true],
    [50, 160, '28.12. Lastschrift'],
    [400, 160, '-30,00', true],
    [120, 180, 'Neuer Kontostand 940,00'],
  ];
  const ocr = (doc: LoadedDocument): LoadedDocument => ({
    ...doc,
    pages: doc.pages.map((p) => ({ ...p, source: 'ocr', cells: p.cells.map((c) => ({ ...c, source: 'ocr', confidence: 0.9 })) })),
  });
  const dates = (doc: LoadedDocument): string[] => toTables(extractAccounts(doc)).flatMap((t) => t.rows.map((r) => r[0]!));

  test('an OCR date between ascending neighbours takes the one confusable reading that fits', () => {
    assert.deepEqual(dates(ocr(synthDoc(statement('21.12.')))), ['25.12.2025', '27.12.2025', '28.12.2025']);
  });
  test('several readings that fit: the date stays as read', () => {
    // 29 → 25, 26 or 28 (9 ↔ 5, 6, 8): all between 25.12. and 28.12.
    assert.deepEqual(dates(ocr(synthDoc(statement('29.12.')))), ['25.12.2025', '29.12.2025', '28.12.2025']);
  });
  test('a text layer keeps its dates', () => {
    assert.deepEqual(dates(synthDoc(statement('21.12.'))), ['25.12.2025', '21.12.2025', '28.12.2025']);
  });
});
