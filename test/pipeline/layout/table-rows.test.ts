import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bandOf, rowBoundaries } from '../../../src/pipeline/layout/table/index.js';
import type { PageRule } from '../../../src/pipeline/model/document.js';

const h = (y: number, x0 = 36, x1 = 559): PageRule => ({ kind: 'horizontal', x0, y0: y, x1, y1: y });

describe('table model: ruled rows (layout/table/ruled-rows.ts)', () => {
  it('takes horizontal rules across the table and both edges of shaded bands, top to bottom', () => {
    const rules: PageRule[] = [h(300), h(100), { kind: 'shade', x0: 36, y0: 180, x1: 559, y1: 192 }, { kind: 'vertical', x0: 300, y0: 50, x1: 300, y1: 400 }];
    assert.deepEqual(rowBoundaries(rules, { x0: 40, x1: 555 }), [100, 180, 192, 300]);
  });

  it('ignores an underline under one cell and merges a double rule', () => {
    const rules: PageRule[] = [h(120, 400, 520), h(200), h(201)];
    assert.deepEqual(rowBoundaries(rules, { x0: 40, x1: 555 }), [200]);
  });

  it('has no boundaries without rules or for an empty span', () => {
    assert.deepEqual(rowBoundaries(undefined, { x0: 40, x1: 555 }), []);
    assert.deepEqual(rowBoundaries([h(100)], { x0: 40, x1: 40 }), []);
  });

  it('numbers the bands by the boundaries above', () => {
    const b = [100, 180, 300];
    assert.equal(bandOf(b, 50), 0);
    assert.equal(bandOf(b, 150), 1);
    assert.equal(bandOf(b, 250), 2);
    assert.equal(bandOf(b, 400), 3);
  });
});
