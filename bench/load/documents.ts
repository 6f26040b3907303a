import { randomBytes } from 'node:crypto';
import type { DocumentType } from '../../src/domain/document-types.js';
import { GENERATORS } from '../../scripts/fixtures/analysis/index.js';
import { fixtureFor } from '../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../scripts/fixtures/kontoauszug/layouts.js';
import { scanJpeg } from '../../scripts/fixtures/degrade.js';
import { CLEAN, renderPages, scanPdf } from '../../scripts/fixtures/scans.js';
import { makeTextPdf } from '../../scripts/fixtures/text-pdf.js';
import type { PageSpec } from '../../scripts/fixtures/texts.js';

/**
 * The documents of a load run, made in memory by the repository's fixture generators
 * (scripts/fixtures/…) and never written to disk: text-layer bank statements, text-layer
 * letters of the five analysis types, and scans (a scanned PDF and a photographed page as
 * JPEG) that go through OCR. Every document carries the run's marker — in a posting's purpose,
 * in a letter's footer, printed on the scanned page — and so does its file name, so that
 * the data-handling check can look for it wherever the service might keep something.
 */
export type DocumentKind = 'statement' | 'letter' | 'scan' | 'invalid';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['statement', 'letter', 'scan', 'invalid'];

export interface LoadDocument {
  kind: DocumentKind;
  /** A DocumentType, or something else on purpose (kind 'invalid'). */
  documentType: DocumentType | string;
  /** e.g. "statement sparkasse-sh" — printed in tables, never sent. */
  label: string;
  bytes: Uint8Array;
  contentType: 'application/pdf' | 'image/jpeg' | 'image/png';
  filename: string;
}

/** A marker OCR reads back as it was printed: upper-case letters and digits only. */
export function newMarker(): string {
  return `KTMARK${randomBytes(6).toString('hex').toUpperCase().replace(/0/g, 'Q').replace(/1/g, 'Z')}`;
}

const STATEMENT_LAYOUTS = ['sparkasse-sh', 'volksbank-soll-haben', 'direct-running-balance', 'trailing-sign'];

/** A text-layer statement with the marker as an extra purpose line of its first posting. */
export async function statementDocument(layoutName: string, seed: number, marker: string): Promise<LoadDocument> {
  const layout = LAYOUTS.find((l) => l.name === layoutName);
  if (!layout) throw new Error(`no layout ${layoutName}`);
  const fixture = fixtureFor(layout, seed);
  const statement = structuredClone(fixture.statement);
  const first = statement.accounts[0]!.postings[0]!;
  first.purpose = [...first.purpose, `Ref ${marker}`];
  const bytes = await makeTextPdf(layout.render(statement));
  return { kind: 'statement', documentType: 'kontoauszug', label: `statement ${layoutName}`, bytes, contentType: 'application/pdf', filename: `${marker}-auszug.pdf` };
}

function withMarkerLine(pages: PageSpec[], marker: string, size = 8): PageSpec[] {
  const copy = pages.map((p) => Object.assign([...p], p.size ? { size: p.size } : {}) as PageSpec);
  copy[0]!.push({ x: 56.69, y: 812, text: `Vorgang ${marker}`, size });
  return copy;
}

const LETTER_TYPES = ['mahnung', 'kuendigung', 'steuerbescheid', 'lohnabrechnung', 'bussgeldbescheid'] as const;

export async function letterDocument(type: (typeof LETTER_TYPES)[number], seed: number, marker: string): Promise<LoadDocument> {
  const fixture = GENERATORS[type](seed);
  const bytes = await makeTextPdf(withMarkerLine(fixture.pages, marker));
  return { kind: 'letter', documentType: type, label: `letter ${type}`, bytes, contentType: 'application/pdf', filename: `${marker}-brief.pdf` };
}

/** A flatbed scan (JPEG pages in a PDF) of a letter's first page, marker printed large enough to be read. */
export async function scannedLetter(type: (typeof LETTER_TYPES)[number], seed: number, marker: string): Promise<LoadDocument> {
  const fixture = GENERATORS[type](seed);
  const bytes = await scanPdf(withMarkerLine([fixture.pages[0]!], marker, 11), CLEAN, [0.4], seed * 13);
  return { kind: 'scan', documentType: type, label: `scan ${type} (pdf)`, bytes, contentType: 'application/pdf', filename: `${marker}-scan.pdf` };
}

/** A page photographed or scanned straight to JPEG (no PDF around it). */
export async function jpegLetter(type: (typeof LETTER_TYPES)[number], seed: number, marker: string): Promise<LoadDocument> {
  const fixture = GENERATORS[type](seed);
  const [page] = await renderPages(withMarkerLine([fixture.pages[0]!], marker, 11), 200);
  const bytes = await scanJpeg(page!, { ...CLEAN, seed: seed * 17, skew: -0.3 }, 85);
  return { kind: 'scan', documentType: type, label: `scan ${type} (jpeg)`, bytes, contentType: 'image/jpeg', filename: `${marker}-foto.jpg` };
}

/**
 * Calls clients get wrong, answered 400 before any reading (or after a failed parse): an
 * unsupported document_type, an empty file, a corrupt PDF. Cheap for the server, so a stream
 * can go past a per-minute limit without the machine having to read 60 documents a minute,
 * and never billable.
 */
export function invalidDocuments(valid: LoadDocument, marker: string): LoadDocument[] {
  const corrupt = Buffer.concat([Buffer.from(`%PDF-1.7\n% ${marker}\n`), Buffer.from(valid.bytes.subarray(200, 4000))]);
  return [
    { ...valid, kind: 'invalid', documentType: 'rechnung', label: 'invalid document_type' },
    { ...valid, kind: 'invalid', label: 'empty file', bytes: new Uint8Array(0) },
    { ...valid, kind: 'invalid', label: 'corrupt PDF', bytes: new Uint8Array(corrupt) },
  ];
}

export interface DocumentSet {
  marker: string;
  byKind: Record<DocumentKind, LoadDocument[]>;
}

/** The run's documents: four statements, five letters, two scans, three invalid calls; a few seconds of CPU to make. */
export async function makeDocumentSet(marker = newMarker()): Promise<DocumentSet> {
  const statements = await Promise.all(STATEMENT_LAYOUTS.map((l, i) => statementDocument(l, i + 1, marker)));
  const letters = await Promise.all(LETTER_TYPES.map((t, i) => letterDocument(t, i + 2, marker)));
  const scans = [await scannedLetter('mahnung', 3, marker), await jpegLetter('kuendigung', 4, marker)];
  return { marker, byKind: { statement: statements, letter: letters, scan: scans, invalid: invalidDocuments(statements[0]!, marker) } };
}
