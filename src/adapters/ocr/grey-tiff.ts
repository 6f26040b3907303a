/**
 * An 8-bit grey image as an uncompressed baseline TIFF (one strip, no resolution tags: the
 * engine takes the dpi from `--dpi`, as for PGM). Same pixels as the PGM the engines were fed
 * before, so the same reading (checked word for word and confidence for confidence on the
 * user-like scan's pages); but Debian's tesseract 5.3.0 / leptonica 1.82 reads a 6 MB PGM at
 * ~5 % of a page's CPU (`_IO_fread` under perf) and a TIFF in one read of the strip:
 * ~0.1 CPU s less a full page (docs/reading.md, session 18).
 */
const ENTRIES = 9;
const HEADER = 8;
const IFD_BYTES = 2 + ENTRIES * 12 + 4;
const DATA_AT = HEADER + IFD_BYTES;

export function encodeGreyTiff(data: Uint8Array, width: number, height: number): Buffer {
  if (data.length !== width * height) throw new Error(`grey image of ${width} × ${height} needs ${width * height} bytes, got ${data.length}`);
  const out = Buffer.alloc(DATA_AT + data.length);
  out.write('II', 0, 'latin1'); // little-endian
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(HEADER, 4); // the one IFD follows the header
  out.writeUInt16LE(ENTRIES, HEADER);
  // Tags in ascending order, as TIFF requires. Type 3 = SHORT, 4 = LONG; one value each, stored
  // in the entry itself (left-justified).
  const tags: Array<[tag: number, type: 3 | 4, value: number]> = [
    [256, 4, width], // ImageWidth
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: BlackIsZero
    [273, 4, DATA_AT], // StripOffsets
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip: the whole image is one strip
    [279, 4, data.length], // StripByteCounts
  ];
  tags.forEach(([tag, type, value], i) => {
    const at = HEADER + 2 + i * 12;
    out.writeUInt16LE(tag, at);
    out.writeUInt16LE(type, at + 2);
    out.writeUInt32LE(1, at + 4);
    if (type === 3) out.writeUInt16LE(value, at + 8);
    else out.writeUInt32LE(value, at + 8);
  });
  out.writeUInt32LE(0, HEADER + 2 + ENTRIES * 12); // no next IFD
  out.set(data, DATA_AT);
  return out;
}
