import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { describe, test } from 'node:test';
import { deflatedSpaces, pdfFlateBomb, pdfWithContentStream, rawPdf, streamObject } from '../../scripts/fixtures/hostile-files.js';
import { readingFixture } from '../../scripts/fixtures/generate.js';
import { LoadFailureSignal } from '../../src/pipeline/reading/load-failures.js';
import { checkPdfInflation, MAX_INFLATED_BYTES } from '../../src/pipeline/reading/pdf-inflation.js';
import { payslipLines, statementLines, textPdf } from '../support/documents.js';

const MB = 1024 * 1024;

/** ASCII85 (ISO 32000-1, 7.4.3), as a PDF writer would encode: `z` for zeros, a short last group. */
function ascii85(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    let value = chunk.readUInt32BE();
    const taken = Math.min(4, data.length - i);
    if (value === 0 && taken === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d++) {
      digits.unshift(String.fromCharCode(0x21 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, taken + 1).join('');
  }
  return out;
}

async function refusal(pdf: Uint8Array, budget?: number): Promise<unknown> {
  try {
    await checkPdfInflation(pdf, budget);
    return null;
  } catch (err) {
    return err;
  }
}

function assertRefused(err: unknown, maxMegabytes: number) {
  assert.ok(err instanceof LoadFailureSignal, `refused (${String(err)})`);
  assert.deepEqual(err.failure, { kind: 'inflates_too_much', maxMegabytes });
}

describe('a bound on what a PDF inflates to (issue 10: deflate bombs)', () => {
  test('a content stream of 300 MB in a 300 KB file, and 8 GB in 8 MB, are refused before pdf.js reads them', async () => {
    const small = pdfFlateBomb(300);
    assert.ok(small.length < 400 * 1024);
    assertRefused(await refusal(small), MAX_INFLATED_BYTES / MB);
    const started = Date.now();
    assertRefused(await refusal(pdfFlateBomb(8192)), MAX_INFLATED_BYTES / MB);
    // Counting stops at the budget: the 8 GB are never inflated (a bound that only catches a hang).
    assert.ok(Date.now() - started < 30_000);
    // Within the budget, the file goes on to be read.
    await checkPdfInflation(pdfFlateBomb(200));
  });

  test('a bomb inside a bomb ([/FlateDecode /FlateDecode]) is followed through both layers', async () => {
    const pdf = pdfFlateBomb(1024, 2);
    assert.ok(pdf.length < 4096, `the outer layer is tiny (${pdf.length} bytes)`);
    assertRefused(await refusal(pdf), MAX_INFLATED_BYTES / MB);
  });

  test('the budget is the sum over streams, and a stream just within it passes', async () => {
    await checkPdfInflation(pdfWithContentStream('/Filter /FlateDecode', deflatedSpaces(3)), 3 * MB);
    assertRefused(await refusal(pdfWithContentStream('/Filter /FlateDecode', deflatedSpaces(3)), 3 * MB - 1), 3);
    const two = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [4 0 R 5 0 R] >>',
      ...[0, 1].map(() => streamObject('<< /Filter /Fl >>', deflatedSpaces(2), '\r\n')),
    ]);
    assertRefused(await refusal(two, 3 * MB), 3);
    await checkPdfInflation(two, 4 * MB);
  });

  test('a bomb behind a text encoding ([/ASCIIHexDecode /FlateDecode], [/A85 /Fl]) is decoded and counted', async () => {
    const bomb = deflatedSpaces(8);
    const hex = Buffer.from(`${bomb.toString('hex').replace(/(.{64})/g, '$1\n')}>`, 'latin1');
    assertRefused(await refusal(pdfWithContentStream('/Filter [/ASCIIHexDecode /FlateDecode]', hex), 4 * MB), 4);
    await checkPdfInflation(pdfWithContentStream('/Filter [/AHx /Fl]', hex), 8 * MB);
    const a85 = Buffer.from(`${ascii85(bomb)}~>`, 'latin1');
    assertRefused(await refusal(pdfWithContentStream('/Filter [/A85 /Fl]', a85), 4 * MB), 4);
    await checkPdfInflation(pdfWithContentStream('/Filter [/ASCII85Decode /FlateDecode]', a85), 8 * MB);
  });

  test('a damaged stream counts what decodes before the damage', async () => {
    const bomb = deflatedSpaces(8);
    const damaged = Buffer.concat([bomb.subarray(0, bomb.length - 20), Buffer.from('not deflate data at all')]);
    assertRefused(await refusal(pdfWithContentStream('/Filter /FlateDecode', damaged), 4 * MB), 4);
  });

  test('RunLength and LZW streams are counted without being decoded', async () => {
    // RunLength: 129 repeats the next byte 128 times; 8,192 pairs make 1 MB.
    const runs = Buffer.concat([Buffer.alloc(8192 * 2).map((_, i) => (i % 2 === 0 ? 129 : 0x20)), Buffer.from([128])]);
    assertRefused(await refusal(pdfWithContentStream('/Filter /RunLengthDecode', runs), MB - 1), 1);
    await checkPdfInflation(pdfWithContentStream('/Filter /RL', runs), MB);
    // LZW: the example of ISO 32000-1, 7.4.4.2 — 9 bytes of codes that decode to 10 bytes.
    const lzw = Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    assertRefused(await refusal(pdfWithContentStream('/Filter /LZWDecode', lzw), 9), 0);
    await checkPdfInflation(pdfWithContentStream('/Filter /LZWDecode', lzw), 10);
  });

  test('a hostile file lies: decoy filters, a comment before the keyword, a label of image, no filter at all — the largest reading counts', async () => {
    const bomb = deflatedSpaces(8);
    for (const dictionary of [
      '/Decoy (/Filter /ASCIIHexDecode) /Filter /FlateDecode',
      '/Filter /ASCIIHexDecode /Type /XObject',
      '',
      '/Type /XObject /Subtype /Image /Width 2000 /Height 1000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
    ]) {
      assertRefused(await refusal(pdfWithContentStream(dictionary, bomb), 4 * MB), 4);
    }
    const hex = Buffer.from(`${bomb.toString('hex')}>`, 'latin1');
    assertRefused(await refusal(pdfWithContentStream('/Filter [/ASCIIHex#44ecode /Fl#61teDecode]', hex), 4 * MB), 4);
    const commented = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
      streamObject('<< /Filter [/FlateDecode /FlateDecode] >> % a comment', deflateSync(bomb), '  \n'),
    ]);
    assertRefused(await refusal(commented, 4 * MB), 4);
  });

  test('decoy text streams without an end marker, each reading on to the end of the file, are cut off', async () => {
    // ASCII85 ends at `~`, which a file need not hold anywhere (ASCIIHex ends at `>`, which every dictionary has).
    const decoys = Array.from({ length: 400 }, () => `<< /Filter /ASCII85Decode >>\nstream\n${'!'.repeat(4000)}\nendstream`);
    const pdf = rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', ...decoys]);
    const started = Date.now();
    assertRefused(await refusal(pdf), MAX_INFLATED_BYTES / MB);
    assert.ok(Date.now() - started < 30_000);
    // The same streams with their end marker are read once each and pass.
    const closed = rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', ...decoys.map((d) => d.replace('\nendstream', '~>\nendstream'))]);
    await checkPdfInflation(closed);
  });

  test('real documents pass: text statements and letters, a payslip, a 3-page scan', async () => {
    for (const pdf of [
      await textPdf([payslipLines()]),
      await textPdf([statementLines(), statementLines()]),
      await readingFixture('statement3'),
      await readingFixture('letter10'),
      await readingFixture('scan3'),
    ]) {
      await checkPdfInflation(pdf);
    }
  });
});
