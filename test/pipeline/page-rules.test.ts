import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { makeTextPdf } from '../../scripts/fixtures/text-pdf.js';
import type { PageSpec } from '../../scripts/fixtures/texts.js';
import type { PageRule } from '../../src/pipeline/model/document.js';
import { MAX_PAGE_RULES, rulesFromOperators } from '../../src/pipeline/reading/page-rules.js';
import { OPS } from '../../src/pipeline/reading/pdfjs.js';
import { openSignal, testReader } from './helpers.js';

const reader = testReader();
after(() => reader.close());

const near = (a: number, b: number): boolean => Math.abs(a - b) < 0.6;
const find = (rules: readonly PageRule[], want: PageRule): PageRule | undefined =>
  rules.find((r) => r.kind === want.kind && near(r.x0, want.x0) && near(r.y0, want.y0) && near(r.x1, want.x1) && near(r.y1, want.y1));

describe('page rules (reading/page-rules.ts)', () => {
  it('reads stroked lines, thin filled rectangles and shaded row bands in page coordinates, top-left origin', async () => {
    const page: PageSpec = Object.assign(
      [
        { x: 40, y: 100, text: '01.03.2026  Miete  -850,00', size: 9 },
        { x: 40, y: 120, text: '02.03.2026  Gehalt  2.400,00', size: 9 },
      ],
      {
        rules: [
          { x0: 36, y0: 90, x1: 559, y1: 90, width: 0.4 }, // a stroked horizontal rule
          { x0: 300, y0: 80, x1: 300, y1: 130 }, // a stroked vertical rule
          { x0: 36, y0: 109.5, x1: 559, y1: 110.5, fill: 0 }, // a 1-pt filled rectangle: a rule
          { x0: 36, y0: 112, x1: 559, y1: 124, fill: 0.9 }, // a shaded row, a text line high
          { x0: 400, y0: 300, x1: 500, y1: 400, fill: 0.8 }, // a filled square: a logo, no rule
        ],
      },
    );
    const doc = await reader.read(await makeTextPdf([page]), 'pdf', { maxPages: 5, signal: openSignal() });
    const rules = doc.pages[0]!.rules ?? [];
    assert.ok(find(rules, { kind: 'horizontal', x0: 36, y0: 90, x1: 559, y1: 90 }), JSON.stringify(rules));
    assert.ok(find(rules, { kind: 'vertical', x0: 300, y0: 80, x1: 300, y1: 130 }), JSON.stringify(rules));
    assert.ok(find(rules, { kind: 'horizontal', x0: 36, y0: 110, x1: 559, y1: 110 }), JSON.stringify(rules));
    assert.ok(find(rules, { kind: 'shade', x0: 36, y0: 112, x1: 559, y1: 124 }), JSON.stringify(rules));
    assert.equal(rules.length, 4, JSON.stringify(rules));
  });

  it('gives a page that draws nothing but text no rules', async () => {
    const page: PageSpec = [{ x: 40, y: 100, text: 'Kontoauszug Nr. 3', size: 12 }];
    const doc = await reader.read(await makeTextPdf([page]), 'pdf', { maxPages: 5, signal: openSignal() });
    assert.equal(doc.pages[0]!.rules, undefined);
  });

  it('keeps a hostile page cheap: 100 000 painted rules give at most MAX_PAGE_RULES', () => {
    const fn: number[] = [];
    const args: unknown[] = [];
    for (let i = 0; i < 100_000; i++) {
      const y = i % 800;
      fn.push(OPS.constructPath);
      args.push([OPS.stroke, [new Float32Array([0, 10, y + i / 1e5, 1, 500, y + i / 1e5])], [10, y, 500, y]]);
    }
    const rules = rulesFromOperators(fn, args, [1, 0, 0, -1, 0, 842]);
    assert.ok(rules.length > 0 && rules.length <= MAX_PAGE_RULES, `${rules.length}`);
  });

  it('follows the transformation matrix: a rule drawn in a scaled, moved frame lands where it is printed', () => {
    // cm 2 0 0 2 100 0, then a line from (0,50) to (100,50): on the page from x 100 to 300 at PDF y 100.
    const fn = [OPS.save, OPS.transform, OPS.constructPath, OPS.restore];
    const args = [null, [2, 0, 0, 2, 100, 0], [OPS.stroke, [new Float32Array([0, 0, 50, 1, 100, 50])], [0, 50, 100, 50]], null];
    const rules = rulesFromOperators(fn, args, [1, 0, 0, -1, 0, 842]);
    assert.deepEqual(rules, [{ kind: 'horizontal', x0: 100, y0: 742, x1: 300, y1: 742 }]);
  });
});
