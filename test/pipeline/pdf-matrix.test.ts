import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { apply, CtmTracker, multiply, type Matrix } from '../../src/pipeline/reading/pdf-matrix.js';
import { OPS } from '../../src/pipeline/reading/pdfjs.js';

const scale2: Matrix = [2, 0, 0, 2, 0, 0];
const shift: Matrix = [1, 0, 0, 1, 10, 20];

describe('the CTM walk shared by the operator-list readers (reading/pdf-matrix.ts)', () => {
  it('composes cm in PDF order: the later cm applies first to a point', () => {
    const t = new CtmTracker();
    assert.equal(t.step(OPS.transform, scale2), true);
    assert.equal(t.step(OPS.transform, shift), true);
    assert.deepEqual(apply(t.ctm, 1, 1), [22, 42]);
    assert.deepEqual(t.ctm, multiply(scale2, shift));
  });

  it('restores the matrix saved before, and keeps it on an unbalanced restore', () => {
    const t = new CtmTracker();
    t.step(OPS.transform, scale2);
    t.step(OPS.save, null);
    t.step(OPS.transform, shift);
    t.step(OPS.restore, null);
    assert.deepEqual(t.ctm, scale2);
    t.step(OPS.restore, null);
    t.step(OPS.restore, null);
    assert.deepEqual(t.ctm, scale2, 'a restore without a save must not throw or reset');
  });

  it("applies a form XObject's matrix inside Begin…End only", () => {
    const t = new CtmTracker();
    t.step(OPS.paintFormXObjectBegin, [shift, null]);
    assert.deepEqual(apply(t.ctm, 0, 0), [10, 20]);
    t.step(OPS.paintFormXObjectEnd, null);
    assert.deepEqual(t.ctm, [1, 0, 0, 1, 0, 0]);
  });

  it('leaves painting operators to the walk that uses it', () => {
    const t = new CtmTracker();
    assert.equal(t.step(OPS.paintImageXObject, ['img', 1, 1]), false);
    assert.equal(t.step(OPS.constructPath, [OPS.stroke, [], null]), false);
  });
});
