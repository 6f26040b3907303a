import { OPS, type PDFDocumentProxy } from './pdfjs.js';
import { CtmTracker } from './pdf-matrix.js';

/**
 * Share of a page's area covered by its largest painted image (0–1), from the page's operator
 * list: the current transformation matrix is tracked through save/restore, `cm` and form
 * XObjects, and an image paints the unit square under it. Used for pages with only a little
 * text: a scan with a printed stamp or page number still needs OCR.
 */
const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
]);

export async function largestImageCoverage(doc: PDFDocumentProxy, pageNumber: number): Promise<number> {
  const page = await doc.getPage(pageNumber);
  try {
    const view = page.view; // [x0, y0, x1, y1] in user space
    const pageArea = Math.abs((view[2]! - view[0]!) * (view[3]! - view[1]!));
    if (!(pageArea > 0)) return 0;
    const ops = await page.getOperatorList();
    const tracker = new CtmTracker();
    let best = 0;
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i];
      if (tracker.step(fn, ops.argsArray[i] as unknown[] | null)) continue;
      if (fn !== undefined && IMAGE_OPS.has(fn)) {
        const ctm = tracker.ctm;
        best = Math.max(best, Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]) / pageArea);
      }
    }
    return Math.min(1, best);
  } finally {
    page.cleanup();
  }
}

/** Operators that only set state, build paths or mark content: they put no ink on the page. */
const NON_PAINTING_OPS = new Set<number>(
  (
    [
      'dependency', 'setLineWidth', 'setLineCap', 'setLineJoin', 'setMiterLimit', 'setDash', 'setRenderingIntent',
      'setFlatness', 'setGState', 'save', 'restore', 'transform', 'moveTo', 'lineTo', 'curveTo', 'curveTo2', 'curveTo3',
      'closePath', 'rectangle', 'endPath', 'clip', 'eoClip', 'beginText', 'endText', 'setCharSpacing', 'setWordSpacing',
      'setHScale', 'setLeading', 'setFont', 'setTextRenderingMode', 'setTextRise', 'moveText', 'setLeadingMoveText',
      'setTextMatrix', 'nextLine', 'setCharWidth', 'setCharWidthAndBounds', 'setStrokeColorSpace', 'setFillColorSpace',
      'setStrokeColor', 'setStrokeColorN', 'setFillColor', 'setFillColorN', 'setStrokeGray', 'setFillGray',
      'setStrokeRGBColor', 'setFillRGBColor', 'setStrokeCMYKColor', 'setFillCMYKColor', 'markPoint', 'markPointProps',
      'beginMarkedContent', 'beginMarkedContentProps', 'endMarkedContent', 'beginCompat', 'endCompat',
      'paintFormXObjectBegin', 'paintFormXObjectEnd', 'beginGroup', 'endGroup', 'setStrokeTransparent', 'setFillTransparent',
    ] as const
  )
    .map((name) => (OPS as Record<string, number | undefined>)[name])
    .filter((op): op is number => op !== undefined),
);

/**
 * Whether the page paints nothing at all — no text shown, no path stroked or filled, no image,
 * shading or annotation — from its operator list, without rendering it: a blank page, which
 * needs no render and no OCR. Any operator not known to be state-only counts as painting, so a
 * page is only called blank when it certainly is.
 */
export async function pagePaintsNothing(doc: PDFDocumentProxy, pageNumber: number): Promise<boolean> {
  const page = await doc.getPage(pageNumber);
  try {
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length; i++) {
      const fn = ops.fnArray[i]!;
      if (fn === OPS.constructPath) {
        // pdfjs 5: [paint operator, path data, bounds]; a path that is only a clip paints nothing.
        const paint = (ops.argsArray[i] as unknown[] | null)?.[0];
        if (paint !== OPS.endPath) return false;
        continue;
      }
      if (!NON_PAINTING_OPS.has(fn)) return false;
    }
    return true;
  } finally {
    page.cleanup();
  }
}
