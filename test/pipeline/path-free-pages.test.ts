import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { makeTextPdf } from '../../scripts/fixtures/text-pdf.js';
import type { PageSpec } from '../../scripts/fixtures/texts.js';
import { pageRules } from '../../src/pipeline/reading/page-rules.js';
import { openPdf } from '../../src/pipeline/reading/pdf-text.js';
import { pathFreePages, scanContent } from '../../src/pipeline/reading/path-free-pages.js';
import { openSignal, testReader } from './helpers.js';

const reader = testReader();
after(() => reader.close());

const ascii = (s: string) => new TextEncoder().encode(s);

/** Per page of `pdf`: [the pre-scan's verdict, the number of rules the operator list gives]. */
async function verdicts(pdf: Uint8Array): Promise<[boolean, number][]> {
  const pathFree = pathFreePages(pdf);
  const doc = await openPdf(pdf);
  try {
    const out: [boolean, number][] = [];
    for (let n = 1; n <= doc.numPages; n++) out.push([pathFree(await doc.getPage(n)), (await pageRules(doc, n)).length]);
    return out;
  } finally {
    await doc.destroy();
  }
}

/** A one-page PDF whose page content is `content` (uncompressed), with a line drawn in a form XObject `/Fm1` and an image-free resource dict. */
async function pdfWithContent(
  content: string,
  options: { form?: boolean; annotation?: 'link' | 'link-with-appearance' } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const ctx = doc.context;
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.stream(content)));
  if (options.form) {
    const form = ctx.stream('36 400 m 559 400 l S', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 595, 842] });
    page.node.set(PDFName.of('Resources'), ctx.obj({ XObject: { Fm1: ctx.register(form) } }));
  }
  if (options.annotation) {
    const annot = ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [36, 36, 200, 60], A: { S: 'URI', URI: PDFString.of('https://example.org') } });
    if (options.annotation === 'link-with-appearance') {
      annot.set(PDFName.of('AP'), ctx.obj({ N: ctx.register(ctx.stream('0 12 m 164 12 l S', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 164, 24] })) }));
    }
    page.node.set(PDFName.of('Annots'), ctx.obj([ctx.register(annot)]));
  }
  return doc.save({ useObjectStreams: false });
}

describe('path-free pages: the pre-scan that spares text pages a second parse (reading/path-free-pages.ts)', () => {
  it('proves a page of text alone path-free and never a page that draws rules', async () => {
    const text: PageSpec = [{ x: 40, y: 100, text: 'Kontoauszug Nr. 3  Saldo 1.234,56 EUR', size: 10 }];
    const ruled: PageSpec = Object.assign([{ x: 40, y: 100, text: '01.03.2026  Miete  -850,00', size: 9 }], {
      rules: [{ x0: 36, y0: 110, x1: 559, y1: 110, width: 0.4 }, { x0: 36, y0: 112, x1: 559, y1: 124, fill: 0.9 }],
    });
    assert.deepEqual(await verdicts(await makeTextPdf([text, ruled, text])), [[true, 0], [false, 2], [true, 0]]);
  });

  it('does not vouch for a page whose form XObject draws a line (the operator list draws forms inline)', async () => {
    assert.deepEqual(await verdicts(await pdfWithContent('q /Fm1 Do Q', { form: true })), [[false, 1]]);
  });

  it('does not vouch for a page with annotations (pdf.js draws their appearances into the operator list)', async () => {
    assert.deepEqual(await verdicts(await pdfWithContent('q Q', { annotation: 'link-with-appearance' })), [[false, 1]]);
    assert.deepEqual(await verdicts(await pdfWithContent('q Q', { annotation: 'link' })), [[false, 0]]);
  });

  it('vouches only for a page object that stands once in the file (not redefined by an appended update)', async () => {
    const pdf = await pdfWithContent('BT ET', {});
    assert.deepEqual(await verdicts(pdf), [[true, 0]]);
    const page = /(\d+) 0 obj\s*<<\s*\/Type \/Page\b/.exec(Buffer.from(pdf).toString('latin1'))!;
    const appended = Buffer.concat([pdf, Buffer.from(`\n${page[1]} 0 obj\n<< /Type /Page /Contents [] >>\nendobj\n`)]);
    assert.deepEqual(await verdicts(appended), [[false, 0]]);
  });

  it('reads tokens as pdf.js does: strings, comments and names hide nothing, glued or unknown operators mean maybe', () => {
    const free = 'free';
    assert.deepEqual(scanContent(ascii('BT /F1 9 Tf 1 0 0 1 36.5 -2 Tm (S f B\\) S) Tj [(b) -20 <53>] TJ ET')), free);
    assert.deepEqual(scanContent(ascii('% 0 0 m 10 0 l S\nq 0.5 g 10 10 100 20 re W n Q /P <</MCID 0>> BDC EMC')), free);
    assert.equal(scanContent(ascii('(a\\\\) S')), 'maybe'); // the escaped backslash ends the string: S paints
    assert.equal(scanContent(ascii('0 0 m 10 0 lS')), 'maybe'); // pdf.js splits glued operators
    assert.equal(scanContent(ascii('10 10 100 20 re f*')), 'maybe');
    assert.equal(scanContent(ascii('BI /W 1 /H 1 /BPC 8 /CS /G ID \u00ff EI')), 'maybe'); // inline image data is not read
    assert.equal(scanContent(ascii('q 100 0 0 50 0 0 cm /Im1 Do Q')), 'maybe'); // a form would be drawn inline
  });

  it('leaves the rules a reader finds unchanged on a document mixing ruled and plain pages', async () => {
    const plain: PageSpec = [{ x: 40, y: 100, text: 'Seite ohne Linien: Miete und Gehalt im März', size: 10 }];
    const ruled: PageSpec = Object.assign([{ x: 40, y: 100, text: 'Seite mit Linie: Miete und Gehalt im April', size: 10 }], { rules: [{ x0: 36, y0: 90, x1: 559, y1: 90 }] });
    const doc = await reader.read(await makeTextPdf([plain, ruled]), 'pdf', { maxPages: 5, signal: openSignal() });
    assert.equal(doc.pages[0]!.rules, undefined);
    assert.deepEqual(doc.pages[1]!.rules, [{ kind: 'horizontal', x0: 36, y0: 90, x1: 559, y1: 90 }]);
  });
});
