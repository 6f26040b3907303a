import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import { answeringPipelines } from '../../support/pipelines.js';
import { analyze, closeSharedReader, createOrg, errorOf, startServer, type TestServer, type TestOrg } from '../../support/server.js';

/**
 * Issue 10 §2: tiny files that declare gigantic shapes. A PDF of a few hundred bytes with
 * `/MediaBox [0 0 1 1000000000]` and a PNG of 100,000,000 × 1 pixels (1-bit grey, exactly at
 * MAX_IMAGE_PIXELS, deflated to a few KB) used to run for seconds and take gigabytes. Both are
 * refused up front: 400 invalid_request naming the file, nothing billed.
 */
after(closeSharedReader);

/** A one-page PDF with the given MediaBox and a line of text, offsets computed. */
function pdfWithMediaBox(box: string): Buffer {
  const content = 'BT /F1 12 Tf 0 0 Td (Kontoauszug) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${box} /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A 1-bit greyscale PNG of width × height, all white, deflated. */
function blankPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('absurd page and image geometry', () => {
  let server: TestServer;
  let org: TestOrg;
  before(async () => {
    server = await startServer({ pipelines: answeringPipelines() });
    org = await createOrg(server, { tier: 'business' });
  });
  after(() => server.close());

  test('a PDF page of 1 × 1,000,000,000 points: 400 invalid_request', async () => {
    const pdf = pdfWithMediaBox('[0 0 1 1000000000]');
    assert.ok(pdf.length < 1024, `a tiny file (${pdf.length} bytes)`);
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdf });
    assert.equal(res.status, 400);
    const error = await errorOf(res);
    assert.equal(error.code, 'invalid_request');
    assert.equal(error.param, 'file');
    assert.match(error.message, /impossible size/);
  });

  test('a page of 20,000 × 20,000 points (beyond PDF’s 200 inches) is refused too', async () => {
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdfWithMediaBox('[0 0 20000 20000]') });
    assert.equal(res.status, 400);
    assert.match((await errorOf(res)).message, /impossible size/);
  });

  test('a PNG of 100,000,000 × 1 pixels: 400 invalid_request', async () => {
    const png = blankPng(100_000_000, 1);
    assert.ok(png.length < 64 * 1024, `a small file (${png.length} bytes)`);
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: png, contentType: 'image/png', filename: 'x.png' });
    assert.equal(res.status, 400);
    const error = await errorOf(res);
    assert.equal(error.code, 'invalid_request');
    assert.match(error.message, /impossible shape/);
  });

  test('an ordinary A4 page still reads', async () => {
    const res = await analyze(server.url, org.apiKey, { documentType: 'kontoauszug', file: pdfWithMediaBox('[0 0 595 842]') });
    assert.notEqual(res.status, 400, 'not refused for its shape');
    await res.body?.cancel();
  });
});
