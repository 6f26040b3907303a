import { pngChunk } from '../../scripts/fixtures/hostile-files.js';
import { encodeMultipart, type EncodedBody, type Part } from '../../test/support/multipart.js';

/**
 * Seeded mutations for the fuzzer: of a file's bytes (generic byte edits and edits that know
 * PDF, PNG and JPEG structure, so that mutants get past the first parser check) and of the
 * multipart envelope around it. Each returns the mutant and a short description, so a finding
 * can be told and replayed (same --seed).
 */
export type Rand = () => number;

const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const INTERESTING = ['0', '-1', '1', '2147483647', '-2147483648', '4294967296', '999999999', '1e308', '0.000001', '65535', '100000000'];

type FileMutator = (b: Buffer, r: Rand, other: Buffer) => [Buffer, string];

const FILE_MUTATORS: FileMutator[] = [
  (b, r) => {
    const out = Buffer.from(b);
    const n = int(r, 1, 16);
    for (let i = 0; i < n && out.length > 0; i++) out[int(r, 0, out.length - 1)]! ^= 1 << int(r, 0, 7);
    return [out, `flip ${n} bits`];
  },
  (b, r) => {
    if (b.length < 2) return [b, 'noop'];
    const at = int(r, 0, b.length - 1);
    const len = Math.min(b.length - at, int(r, 1, 512));
    const out = Buffer.from(b);
    for (let i = 0; i < len; i++) out[at + i] = int(r, 0, 255);
    return [out, `overwrite ${len} bytes at ${at}`];
  },
  (b, r) => {
    const at = int(r, 0, b.length);
    const len = int(r, 1, Math.max(1, Math.floor(b.length / 4)));
    return [Buffer.concat([b.subarray(0, at), b.subarray(at + len)]), `delete ${len} bytes at ${at}`];
  },
  (b, r) => {
    const from = int(r, 0, b.length);
    const len = int(r, 1, 4096);
    const to = int(r, 0, b.length);
    const copy = b.subarray(from, from + len);
    const times = r() < 0.2 ? int(r, 2, 200) : 1;
    return [Buffer.concat([b.subarray(0, to), ...Array.from({ length: times }, () => copy), b.subarray(to)]), `duplicate ${copy.length} bytes × ${times}`];
  },
  (b, r) => {
    const at = int(r, 0, b.length);
    return [b.subarray(0, at), `truncate at ${at} of ${b.length}`];
  },
  (b, r) => {
    // Numbers in the text of a PDF (object numbers, lengths, MediaBox, counts) set to edge values.
    const text = b.toString('latin1');
    const matches = [...text.matchAll(/-?\d+(?:\.\d+)?/g)];
    if (matches.length === 0) return [b, 'noop'];
    let out = text;
    const n = int(r, 1, 4);
    const done: string[] = [];
    for (let i = 0; i < n; i++) {
      const m = pick(r, matches);
      const value = pick(r, INTERESTING);
      out = out.slice(0, m.index) + value + out.slice(m.index! + m[0].length);
      done.push(`${m[0]}→${value}`);
      break; // one edit keeps later match offsets valid
    }
    return [Buffer.from(out, 'latin1'), `number ${done.join(', ')}`];
  },
  (b, r) => {
    // Object references redirected: loops, dangling and self references.
    const text = b.toString('latin1');
    const refs = [...text.matchAll(/(\d+) 0 R/g)];
    if (refs.length === 0) return [b, 'noop'];
    const m = pick(r, refs);
    const to = String(pick(r, [1, 2, 3, Number(m[1]), 9999, 0]));
    return [Buffer.from(text.slice(0, m.index) + `${to} 0 R` + text.slice(m.index! + m[0].length), 'latin1'), `ref ${m[1]}→${to}`];
  },
  (b, r) => {
    const swaps: [RegExp, string][] = [
      [/\/FlateDecode/, '/LZWDecode'],
      [/\/FlateDecode/, '/DCTDecode'],
      [/\/Type \/Pages/, '/Type /Page'],
      [/\/Type \/Page\b/, '/Type /Pages'],
      [/endstream/, 'endstrea'],
      [/\/Length \d+/, '/Length 99999999'],
      [/\/Count \d+/, '/Count 100000000'],
      [/startxref/, 'startxrex'],
    ];
    const [from, to] = pick(r, swaps);
    const text = b.toString('latin1');
    return from.test(text) ? [Buffer.from(text.replace(from, to), 'latin1'), `swap ${from.source}→${to}`] : [b, 'noop'];
  },
  (b, r, other) => {
    const at = int(r, 0, b.length);
    const from = int(r, 0, other.length);
    return [Buffer.concat([b.subarray(0, at), other.subarray(from)]), `splice other at ${at}/${from}`];
  },
  (b, r) => {
    // PNG header dimensions (CRC fixed, so the decoder believes them).
    if (b.length < 33 || b.readUInt32BE(12) !== 0x49484452) return [b, 'noop'];
    const out = Buffer.from(b);
    const w = pick(r, [1, 0, 65535, 100_000, 1_000_000, 100_000_000, 0x7fffffff]);
    const h = pick(r, [1, 0, 65535, 100_000, 1_000_000, 0x7fffffff]);
    out.writeUInt32BE(w, 16);
    out.writeUInt32BE(h, 20);
    const fixed = pngChunk('IHDR', out.subarray(16, 29));
    fixed.copy(out, 8);
    return [out, `png ${w}×${h}`];
  },
  (b, r) => {
    // JPEG frame header (SOF0/SOF2) dimensions.
    for (let i = 2; i + 9 < b.length; i++) {
      if (b[i] === 0xff && (b[i + 1] === 0xc0 || b[i + 1] === 0xc2)) {
        const out = Buffer.from(b);
        const h = pick(r, [0, 1, 65535, 30000]);
        const w = pick(r, [0, 1, 65535, 30000]);
        out.writeUInt16BE(h, i + 5);
        out.writeUInt16BE(w, i + 7);
        return [out, `jpeg ${w}×${h}`];
      }
    }
    return [b, 'noop'];
  },
];

export function mutateFile(bytes: Uint8Array, r: Rand, other: Uint8Array): { bytes: Buffer; steps: string[] } {
  let b: Buffer = Buffer.from(bytes);
  const steps: string[] = [];
  const n = int(r, 1, 3);
  for (let i = 0; i < n; i++) {
    const [next, what] = pick(r, FILE_MUTATORS)(b, r, Buffer.from(other));
    b = next;
    steps.push(what);
  }
  return { bytes: b, steps };
}

const TYPES = ['kontoauszug', 'steuerbescheid', 'lohnabrechnung', 'mahnung', 'kuendigung', 'bussgeldbescheid'];

export interface Envelope {
  body: EncodedBody;
  /** Content-Type header actually sent (may differ from the body's). */
  contentType: string;
  steps: string[];
}

/** The analyze form around `file`, mutated with probability `p`. */
export function envelope(file: Buffer, documentType: string, r: Rand, p: number): Envelope {
  const parts: Part[] = [
    { name: 'document_type', value: documentType },
    { name: 'file', filename: 'scan.pdf', contentType: 'application/pdf', bytes: file },
  ];
  const steps: string[] = [];
  let boundary: string | undefined;
  let contentType: string | null = null;
  let postEdit: ((b: Buffer) => Buffer) | null = null;
  if (r() < p) {
    const what = int(r, 0, 11);
    switch (what) {
      case 0:
        parts.push({ ...parts[1]! } as Part);
        steps.push('file part twice');
        break;
      case 1:
        parts.reverse();
        steps.push('file before document_type');
        break;
      case 2:
        parts[0] = { name: pick(r, ['document_type ', 'DOCUMENT_TYPE', 'x'.repeat(int(r, 1, 5000)), 'document_type\u0000', '']), value: documentType };
        steps.push('odd field name');
        break;
      case 3:
        parts[0] = { name: 'document_type', value: pick(r, ['', ' ', 'kontoauszug\u00a0', 'ü'.repeat(2000), 'mahnung\r\nX: y', 'kontoauszug'.repeat(200)]) };
        steps.push('odd document_type');
        break;
      case 4:
        (parts[1] as Part & { filename: string }).filename = pick(r, ['', '"', 'a".pdf', '\u0000.pdf', 'ä'.repeat(3000), '../../etc/passwd', 'x\r\n.pdf']);
        steps.push('odd filename');
        break;
      case 5:
        parts[1] = { ...(parts[1] as Part), headers: { 'Content-Transfer-Encoding': pick(r, ['base64', 'quoted-printable', '8bit']) } } as Part;
        steps.push('content-transfer-encoding');
        break;
      case 6:
        parts[1] = { ...(parts[1] as Part), contentType: pick(r, ['multipart/mixed; boundary=x', 'text/plain', '', 'image/png; charset=utf-16']) } as Part;
        steps.push('odd part content-type');
        break;
      case 7:
        boundary = pick(r, ['a', 'x'.repeat(70), 'x'.repeat(200), '"quoted"', '--', '----']);
        steps.push(`boundary ${boundary.slice(0, 10)}`);
        break;
      case 8:
        postEdit = (b) => b.subarray(0, b.length - int(r, 1, 40));
        steps.push('final boundary cut');
        break;
      case 9:
        postEdit = (b) => Buffer.from(b.toString('latin1').replace(/\r\n/g, '\n'), 'latin1');
        steps.push('LF instead of CRLF');
        break;
      case 10:
        contentType = pick(r, ['multipart/form-data', 'multipart/form-data; boundary=', 'text/plain', 'application/json', 'multipart/mixed; boundary=zzz']);
        steps.push(`content-type ${contentType}`);
        break;
      default:
        for (let i = 0; i < int(r, 2, 40); i++) parts.push({ name: pick(r, ['document_type', 'file', 'x']), value: 'v' });
        steps.push('extra parts');
    }
  }
  const body = encodeMultipart(parts, boundary);
  if (postEdit) body.body = postEdit(body.body);
  return { body, contentType: contentType ?? body.contentType, steps };
}

export { TYPES };
