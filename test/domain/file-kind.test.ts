import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_UPLOAD_BYTES, sniffFileKind, unsupportedImageFormat } from '../../src/domain/file-kind.js';

const latin1 = (s: string) => Buffer.from(s, 'latin1');
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('sniffFileKind', () => {
  it('PDF from %PDF- at the start', () => {
    assert.equal(sniffFileKind(latin1('%PDF-1.7\n%âãÏÓ\n1 0 obj\n')), 'pdf');
  });

  it('PDF with junk before %PDF- within the first 1024 bytes', () => {
    assert.equal(sniffFileKind(Buffer.concat([Buffer.alloc(100, 0x20), latin1('%PDF-1.4\n')])), 'pdf');
    // The header starts at byte 1019, so all five magic bytes lie inside the first 1024.
    assert.equal(sniffFileKind(Buffer.concat([Buffer.alloc(1019, 0x41), latin1('%PDF-1.4\n')])), 'pdf');
  });

  it('not PDF when %PDF- starts after the first 1024 bytes or straddles the limit', () => {
    assert.equal(sniffFileKind(Buffer.concat([Buffer.alloc(1024, 0x41), latin1('%PDF-1.4\n')])), null);
    assert.equal(sniffFileKind(Buffer.concat([Buffer.alloc(1020, 0x41), latin1('%PDF-1.4\n')])), null);
    assert.equal(sniffFileKind(Buffer.concat([Buffer.alloc(5000, 0x41), latin1('%PDF-1.4\n')])), null);
  });

  it('not PDF for a prefix of the magic or lower case', () => {
    assert.equal(sniffFileKind(latin1('%PDF')), null);
    assert.equal(sniffFileKind(latin1('%pdf-1.4')), null);
    assert.equal(sniffFileKind(latin1('PDF-1.4')), null);
  });

  it('JPEG from FF D8 FF', () => {
    assert.equal(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46])), 'jpeg');
    assert.equal(sniffFileKind(Buffer.from([0xff, 0xd8, 0xff])), 'jpeg');
  });

  it('not JPEG for FF D8 without the third byte, or offset by one', () => {
    assert.equal(sniffFileKind(Buffer.from([0xff, 0xd8])), null);
    assert.equal(sniffFileKind(Buffer.from([0xff, 0xd8, 0x00, 0xff])), null);
    assert.equal(sniffFileKind(Buffer.from([0x00, 0xff, 0xd8, 0xff])), null);
  });

  it('PNG from its 8-byte signature', () => {
    assert.equal(sniffFileKind(Buffer.from([...PNG_SIGNATURE, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])), 'png');
  });

  it('not PNG for a truncated or damaged signature', () => {
    assert.equal(sniffFileKind(Buffer.from(PNG_SIGNATURE.slice(0, 4))), null);
    assert.equal(sniffFileKind(Buffer.from([...PNG_SIGNATURE.slice(0, 7), 0x00])), null);
  });

  it('text and other formats are null', () => {
    assert.equal(sniffFileKind(latin1('Sehr geehrte Damen und Herren,\nanbei die Rechnung.')), null);
    assert.equal(sniffFileKind(latin1('<html><body>%PD F-</body></html>')), null);
    assert.equal(sniffFileKind(Buffer.from([0x50, 0x4b, 0x03, 0x04])), null, 'ZIP/DOCX');
    assert.equal(sniffFileKind(latin1('GIF89a')), null);
    assert.equal(sniffFileKind(Buffer.from([0x49, 0x49, 0x2a, 0x00])), null, 'TIFF');
  });

  it('random garbage without magic is null', () => {
    const garbage = Buffer.alloc(4096);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919 + 13) % 251; // no 0xFF, no '%PDF-' run
    garbage[0] = 0x01;
    assert.equal(sniffFileKind(garbage), null);
  });

  it('empty input is null', () => {
    assert.equal(sniffFileKind(new Uint8Array(0)), null);
  });

  it('reads a Uint8Array view at an offset correctly (no bytes before the view)', () => {
    const backing = new Uint8Array([0xff, 0xd8, 0xff, ...latin1('xx%PDF-1.5')]);
    assert.equal(sniffFileKind(backing.subarray(3)), 'pdf');
    const pngInside = new Uint8Array([0x00, ...PNG_SIGNATURE]);
    assert.equal(sniffFileKind(pngInside.subarray(1)), 'png');
    // A view that starts after the JPEG magic must not see it.
    assert.equal(sniffFileKind(backing.subarray(1, 3)), null);
  });

  it('the upload limit is 10 × 1024 × 1024 bytes', () => {
    assert.equal(MAX_UPLOAD_BYTES, 10_485_760);
  });
});

/** An ISO BMFF file's first box: size, 'ftyp', major brand, minor version, compatible brands. */
function ftyp(major: string, ...compatible: string[]): Buffer {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return Buffer.concat([box, Buffer.alloc(32)]);
}

describe('unsupportedImageFormat', () => {
  it('names HEIC/HEIF photos by their ftyp brands (iPhone: heic; others: mif1, heix, hevc)', () => {
    assert.equal(unsupportedImageFormat(ftyp('heic', 'mif1', 'heic')), 'HEIC');
    assert.equal(unsupportedImageFormat(ftyp('mif1', 'heic')), 'HEIC');
    assert.equal(unsupportedImageFormat(ftyp('heix', 'mif1')), 'HEIC');
    assert.equal(unsupportedImageFormat(ftyp('hevc')), 'HEIC');
  });

  it('names AVIF, also when HEIF brands are listed beside it', () => {
    assert.equal(unsupportedImageFormat(ftyp('avif', 'mif1', 'miaf')), 'AVIF');
    assert.equal(unsupportedImageFormat(ftyp('mif1', 'avif', 'miaf')), 'AVIF');
    assert.equal(unsupportedImageFormat(ftyp('avis', 'msf1')), 'AVIF');
  });

  it('names nothing else: video in the same container, a truncated box, a PDF or text', () => {
    assert.equal(unsupportedImageFormat(ftyp('isom', 'mp41')), null, 'MP4');
    assert.equal(unsupportedImageFormat(ftyp('heic').subarray(0, 10)), null);
    assert.equal(unsupportedImageFormat(latin1('%PDF-1.7\n')), null);
    assert.equal(unsupportedImageFormat(latin1('ftypheic at the start of a letter')), null);
    assert.equal(unsupportedImageFormat(new Uint8Array(0)), null);
  });

  it('a box that claims more compatible brands than it holds is read only as far as it goes', () => {
    const box = ftyp('isom', 'mp41').subarray(0, 20);
    box.writeUInt32BE(4096, 0);
    assert.equal(unsupportedImageFormat(box), null);
  });
});
