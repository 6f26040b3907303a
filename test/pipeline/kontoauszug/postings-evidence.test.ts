import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentLayout } from '../../../src/pipeline/layout/document-layout.js';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import type { AccountRecord } from '../../../src/pipeline/model/result.js';
import type { PipelineSlots } from '../../../src/pipeline/model/stage.js';
import { kontoauszugStage } from '../../../src/pipeline/stages/kontoauszug/stage.js';
import { EXCERPT_PAGE, synthDoc, synthOcrDoc, type SynthLine } from './synthetic.js';

/**
 * SPEC §8a evidence on small synthetic pages whose geometry and arithmetic the test controls:
 * what `verified` says (a printed running balance, the account reconciling, neither), where the
 * box stands, and the OCR confidence of the words a posting's date and amount were read from.
 */
function accounts(doc: LoadedDocument): AccountRecord[] {
  const slots: PipelineSlots = {};
  void kontoauszugStage.run({ documentType: 'kontoauszug', document: doc, layout: documentLayout(doc), signal: new AbortController().signal, slots });
  return slots.accounts!;
}

/** A statement page: opening, three postings with a running balance, closing (consistent unless told). */
function statement(closing = '1.370,00', third = '1.370,00'): SynthLine[] {
  return [
    [50, 60, 'Kontoauszug vom 01.03.2026 bis 31.03.2026'],
    [50, 100, 'Buchungstag Vorgang'],
    [470, 100, 'Betrag', true],
    [550, 100, 'Saldo', true],
    [120, 120, 'Alter Kontostand'],
    [550, 120, '1.500,00', true],
    [50, 140, '03.03.2026 Lastschrift Stadtwerke'],
    [470, 140, '-80,00', true],
    [550, 140, '1.420,00', true],
    [120, 151, 'Abschlag Strom März'],
    [50, 170, '10.03.2026 Kartenzahlung REWE'],
    [470, 170, '-30,00', true],
    [550, 170, '1.390,00', true],
    [50, 200, '12.03.2026 Überweisung Max Mustermann'],
    [470, 200, '-20,00', true],
    [550, 200, third, true],
    [120, 230, 'Neuer Kontostand'],
    [550, 230, closing, true],
  ];
}

describe('posting evidence', () => {
  test('a printed running balance that confirms the amount: running_balance; the box covers the posting’s printed lines', () => {
    const [a] = accounts(synthDoc(statement()));
    assert.ok(a);
    assert.equal(a.reconciled, true);
    assert.deepEqual(
      a.postings.map((p) => [p.amount, p.evidence.verified]),
      [
        ['-80.00', 'running_balance'],
        ['-30.00', 'running_balance'],
        ['-20.00', 'running_balance'],
      ],
    );
    const first = a.postings[0]!.evidence;
    assert.equal(first.page, 1);
    assert.equal(first.source, 'text_layer');
    assert.equal(first.confidence, 1);
    // From the date at x 50 to the running balance ending at 550; from the first line's top
    // (140 − 9) to the purpose line's bottom (151), in fractions of 595 × 842.
    const [x0, y0, x1, y1] = first.box;
    assert.ok(Math.abs(x0 - 50 / 595) < 0.002 && Math.abs(x1 - 550 / 595) < 0.002, `x ${x0} ${x1}`);
    assert.ok(Math.abs(y0 - 131 / 842) < 0.002 && Math.abs(y1 - 151 / 842) < 0.002, `y ${y0} ${y1}`);
    // Balances: amount, the period's dates (the lines print none), and the balance line's box.
    assert.deepEqual([a.opening_balance?.amount, a.opening_balance?.date], ['1500.00', '2026-03-01']);
    assert.deepEqual([a.closing_balance?.amount, a.closing_balance?.date], ['1370.00', '2026-03-31']);
    assert.equal(a.opening_balance?.evidence?.page, 1);
    assert.ok(Math.abs(a.closing_balance!.evidence!.box[1] - 221 / 842) < 0.002);
  });

  test('where the running balance does not confirm a posting, the account reconciling says `reconciled`', () => {
    // The third running balance is misprinted; opening + Σ = closing still holds.
    const [a] = accounts(synthDoc(statement('1.370,00', '1.371,00')));
    assert.equal(a!.reconciled, true);
    assert.deepEqual(
      a!.postings.map((p) => p.evidence.verified),
      ['running_balance', 'running_balance', 'reconciled'],
    );
  });

  test('an account that does not reconcile: `none` where no running balance confirms the amount', () => {
    const [a] = accounts(synthDoc(statement('1.300,00', '1.371,00')));
    assert.equal(a!.reconciled, false);
    assert.deepEqual(
      a!.postings.map((p) => p.evidence.verified),
      ['running_balance', 'running_balance', 'none'],
    );
  });

  test('on OCR the confidence is the least sure word of date and amount, not of the text', () => {
    const doc = synthOcrDoc(statement());
    const cells = doc.pages[0]!.cells;
    const set = (text: string, y: number, c: number): void => {
      const cell = cells.find((x) => x.text === text && x.bbox.y === y - 9);
      assert.ok(cell, text);
      cell.confidence = c;
    };
    set('-30,00', 170, 0.61); // the second posting's amount
    set('Stadtwerke', 140, 0.2); // a word of the first posting's text
    set('12.03.2026', 200, 0.55); // the third posting's date
    const [a] = accounts(doc);
    assert.deepEqual(
      a!.postings.map((p) => [p.evidence.source, p.evidence.confidence]),
      [
        ['ocr', 0.95],
        ['ocr', 0.61],
        ['ocr', 0.55],
      ],
    );
    assert.equal(a!.opening_balance?.evidence?.source, 'ocr');
  });

  test('an excerpt without printed balances: balances derived from the running balance carry no evidence', () => {
    const page = EXCERPT_PAGE;
    const [a] = accounts(synthDoc(page));
    assert.deepEqual(
      a!.postings.map((p) => [p.amount, p.evidence.verified]),
      [
        // The first posting's balance before it is derived from its own running balance: no proof.
        ['-45.90', 'reconciled'],
        ['500.00', 'running_balance'],
        ['-94.27', 'running_balance'],
        ['-4.26', 'running_balance'],
      ],
    );
    assert.deepEqual(a!.opening_balance, { amount: '2000.00', date: null, evidence: null });
    assert.deepEqual(a!.closing_balance, { amount: '2355.57', date: null, evidence: null });
    // The stacked date (`22` / `Sept.` / `2025`) is part of the first posting's box.
    const [, y0, , y1] = a!.postings[0]!.evidence.box;
    assert.ok(y0 <= 61 / 842 + 0.002 && y1 >= 92 / 842 - 0.002, `${y0} ${y1}`);
  });
});
