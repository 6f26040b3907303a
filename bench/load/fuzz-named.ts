import { pngBomb } from '../../scripts/fixtures/bad-files.js';
import { encryptedPdf } from '../../scripts/fixtures/bad-files.js';
import {
  hugeMediaBoxPdf,
  imageThenPdf,
  jpegHeaderThenPdf,
  manyTinyPagesPdf,
  pdfFlateBomb,
  pdfReferenceLoop,
  pdfZipPolyglot,
  rawPdf,
  whitePng,
  withJavaScriptAndAttachment,
} from '../../scripts/fixtures/hostile-files.js';
import { MAX_UPLOAD_BYTES } from '../../src/domain/file-kind.js';
import { payslipLines, textPdf, TINY_PNG } from '../../test/support/documents.js';
import { encodeMultipart, type Part } from '../../test/support/multipart.js';
import { statementDocument } from './documents.js';

/**
 * The named hostile cases of issue 10, each one request: what the attacker sent, and what
 * must happen — the statuses that are right, how long it may take, how much memory it may
 * take while it runs and keep afterwards. Cases the issue lists as broken (items 2–4) are
 * here too, with the outcome the issue asks for, so the fuzzer shows whether they are fixed.
 */
export interface NamedCase {
  name: string;
  /** Issue 10 item it belongs to, where it is one of the seven. */
  item?: string;
  build(): Promise<{ body: Buffer; contentType: string; headers?: Record<string, string> }>;
  expect: number[];
  maxMs: number;
  /** RSS the instance may gain while the case runs / keep 5 s after it, in MB. */
  maxGrowMb?: number;
  maxKeepMb?: number;
}

const form = (file: Uint8Array, documentType = 'lohnabrechnung', contentType = 'application/pdf') =>
  encodeMultipart([
    { name: 'document_type', value: documentType },
    { name: 'file', filename: 'doc.pdf', contentType, bytes: file },
  ]);

async function payslip(): Promise<Uint8Array> {
  return textPdf([payslipLines()]);
}

/** 100 blank A4 pages, ~10 KB (issue 10 item 3). */
function blankPagesPdf(pages: number): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ')}] /Count ${pages} >>`];
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>');
  return rawPdf(objects);
}

export const NAMED_CASES: NamedCase[] = [
  { name: 'PDF reference loop (page tree cycle)', build: async () => form(pdfReferenceLoop()), expect: [400], maxMs: 10_000 },
  { name: '5,000 tiny pages', build: async () => form(manyTinyPagesPdf(5000)), expect: [400], maxMs: 10_000 },
  { name: 'huge MediaBox 1 × 1,000,000,000 pt', item: '2', build: async () => form(hugeMediaBoxPdf(), 'mahnung'), expect: [400], maxMs: 10_000, maxGrowMb: 512, maxKeepMb: 256 },
  { name: 'PNG 100,000,000 × 1 px (at MAX_IMAGE_PIXELS)', item: '2', build: async () => form(await whitePng(100_000_000, 1), 'mahnung', 'image/png'), expect: [400], maxMs: 10_000, maxGrowMb: 512, maxKeepMb: 256 },
  { name: 'decompression bomb PNG 30000 × 30000', build: async () => form(await pngBomb(30000), 'mahnung', 'image/png'), expect: [400], maxMs: 10_000, maxGrowMb: 256, maxKeepMb: 128 },
  { name: 'deflate bomb: 200 MB content stream in a PDF', build: async () => form(pdfFlateBomb(200)), expect: [400, 422], maxMs: 20_000, maxGrowMb: 768, maxKeepMb: 256 },
  { name: 'deflate bomb: 8 GB content stream in an 8 MB PDF', build: async () => form(pdfFlateBomb(8192)), expect: [400], maxMs: 10_000, maxGrowMb: 256, maxKeepMb: 128 },
  { name: 'deflate bomb inside a deflate bomb (1 GB in 2 KB)', build: async () => form(pdfFlateBomb(1024, 2)), expect: [400], maxMs: 10_000, maxGrowMb: 256, maxKeepMb: 128 },
  { name: '100 blank pages (~10 KB)', item: '3', build: async () => form(blankPagesPdf(100), 'kontoauszug'), expect: [400, 422], maxMs: 10_000 },
  { name: 'encrypted PDF', build: async () => form(await encryptedPdf()), expect: [400], maxMs: 10_000 },
  { name: 'JavaScript and an embedded file', build: async () => form(await withJavaScriptAndAttachment(await payslip())), expect: [200], maxMs: 15_000 },
  { name: 'polyglot PDF + ZIP', build: async () => form(pdfZipPolyglot(await payslip())), expect: [200], maxMs: 15_000 },
  { name: 'polyglot PNG + PDF', build: async () => form(imageThenPdf(TINY_PNG, await payslip())), expect: [400], maxMs: 10_000 },
  { name: 'polyglot JPEG header + PDF', build: async () => form(jpegHeaderThenPdf(await payslip())), expect: [400], maxMs: 10_000 },
  {
    name: 'file of exactly 10 MiB',
    build: async () => {
      const f = Buffer.alloc(MAX_UPLOAD_BYTES, 0x20);
      f.write('%PDF-1.4\n', 0, 'latin1');
      return form(f);
    },
    expect: [400],
    maxMs: 15_000,
  },
  {
    name: 'file of 10 MiB + 1 byte',
    build: async () => {
      const f = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20);
      f.write('%PDF-1.4\n', 0, 'latin1');
      return form(f);
    },
    expect: [400],
    maxMs: 15_000,
  },
  {
    name: "filename*=UTF-8''x%0D%0Ay.pdf",
    item: '4',
    build: async () => {
      // As in the issue: a real statement as the body.
      const boundary = 'klartextfuzzcrlf';
      const pdf = Buffer.from((await statementDocument('sparkasse-sh', 1, 'FUZZ')).bytes);
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\nkontoauszug\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''x%0D%0Ay.pdf\r\nContent-Type: application/pdf\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { body, contentType: `multipart/form-data; boundary=${boundary}` };
    },
    expect: [200, 400],
    maxMs: 15_000,
  },
  {
    name: 'multipart nested 50 deep in the file part',
    build: async () => {
      let nested: Buffer = Buffer.from(await payslip());
      for (let i = 0; i < 50; i++) nested = encodeMultipart([{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', bytes: nested }], `inner${i}`).body;
      return encodeMultipart([
        { name: 'document_type', value: 'lohnabrechnung' },
        { name: 'file', filename: 'a.pdf', contentType: 'multipart/form-data; boundary=inner49', bytes: nested },
      ]);
    },
    expect: [400],
    maxMs: 10_000,
  },
  {
    name: '1,000 duplicated parts',
    build: async () => encodeMultipart([...Array.from({ length: 1000 }, (): Part => ({ name: 'document_type', value: 'lohnabrechnung' })), { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', bytes: await payslip() }]),
    expect: [400],
    maxMs: 10_000,
  },
  {
    name: 'header flood: 3,000 request headers',
    build: async () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < 3000; i++) headers[`x-flood-${i}`] = 'v';
      return { ...form(await payslip()), headers };
    },
    expect: [431],
    maxMs: 10_000,
  },
  { name: 'one 64 KB request header', build: async () => ({ ...form(await payslip()), headers: { 'x-big': 'a'.repeat(65536) } }), expect: [431], maxMs: 10_000 },
  {
    name: 'part header flood: 500 headers on one part',
    build: async () => {
      const headers: Record<string, string> = {};
      for (let i = 0; i < 500; i++) headers[`x-part-${i}`] = 'v';
      return encodeMultipart([{ name: 'document_type', value: 'lohnabrechnung', headers }, { name: 'file', filename: 'a.pdf', contentType: 'application/pdf', bytes: await payslip() }]);
    },
    expect: [200, 400],
    maxMs: 15_000,
  },
];
