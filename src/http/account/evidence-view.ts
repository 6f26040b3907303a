import type { AccountRecord, Evidence, KeyNumber, Verification } from '../../pipeline/model/result.js';
import { formatDecimalAmount } from './format.js';
import type { Locale } from './locales.js';
import type { PagePreview } from '../../pipeline/run-pipeline.js';
import type { AnalyzeBody } from '../../services/analyze-document.js';
import { EXPORT_FORMATS, exportStatement } from '../../services/export-statement.js';

/**
 * The try-it page's evidence view: each page as it was read, with a box over every posting (or
 * key number) where the API says it stands, and the rows of the table linked to their boxes and
 * back. Boxes are SVG rectangles in the page's own coordinate frame — the page CSP forbids
 * inline styles, and SVG attributes are not styles.
 */
export interface EvidencePage {
  number: number;
  /** data: URL of the page preview (a grey JPEG; the page CSP allows data: images). */
  src: string;
  /** The SVG's user units: 1000 wide, the page's height in the same units. */
  width: number;
  height: number;
  boxes: EvidenceBox[];
}

export interface EvidenceBox {
  /** id of the box, the target of the row's link. */
  id: string;
  /** id of the row it belongs to. */
  row: string;
  x: number;
  y: number;
  w: number;
  h: number;
  verified: Verification | 'key';
  label: string;
}

export interface PostingRowView {
  id: string;
  box: string | null;
  date: string;
  valueDate: string;
  counterparty: string;
  text: string;
  amount: string;
  debit: boolean;
  verified: Verification;
  page: number | null;
}

export interface AccountView {
  iban: string | null;
  postings: PostingRowView[];
}

/** Width of every page in SVG user units; heights follow the preview's aspect. */
const UNITS = 1000;

export function pagesView(previews: readonly PagePreview[]): EvidencePage[] {
  return previews.map((p) => {
    const ratio = p.height / p.width;
    return {
      number: p.page,
      src: `data:image/jpeg;base64,${Buffer.from(p.jpeg).toString('base64')}`,
      width: UNITS,
      height: Math.round(UNITS * ratio),
      boxes: [],
    };
  });
}

/** The boxes of every posting on its page, and each account's rows linked to them. */
export function statementEvidence(accounts: readonly AccountRecord[], pages: EvidencePage[], locale: Locale): AccountView[] {
  const byNumber = new Map(pages.map((p) => [p.number, p]));
  return accounts.map((account, a) => ({
    iban: account.iban,
    postings: account.postings.map((posting, i) => {
      const row = `posting-${a + 1}-${i + 1}`;
      const box = place(byNumber, posting.evidence, {
        id: `box-${a + 1}-${i + 1}`,
        row,
        verified: posting.evidence.verified,
        label: `${posting.booking_date} ${posting.amount} ${posting.currency}`,
      });
      return {
        id: row,
        box,
        date: posting.booking_date,
        valueDate: posting.value_date ?? '',
        counterparty: posting.counterparty.name ?? '',
        text: posting.purpose ?? posting.text,
        amount: formatDecimalAmount(posting.amount, posting.currency, locale),
        debit: posting.amount.startsWith('-'),
        verified: posting.evidence.verified,
        page: posting.evidence.page ?? null,
      };
    }),
  }));
}

/** The boxes of a letter's key numbers; returns, per key name, the id of its box. */
export function keyNumberEvidence(keyNumbers: Record<string, KeyNumber>, pages: EvidencePage[]): Map<string, string> {
  const byNumber = new Map(pages.map((p) => [p.number, p]));
  const out = new Map<string, string>();
  for (const [name, k] of Object.entries(keyNumbers)) {
    if (!k.evidence) continue;
    const id = place(byNumber, k.evidence, { id: `box-key-${name}`, row: `key-${name}`, verified: 'key', label: `${name}: ${k.value}` });
    if (id) out.set(name, id);
  }
  return out;
}

function place(
  pages: ReadonlyMap<number, EvidencePage>,
  evidence: Evidence,
  box: Pick<EvidenceBox, 'id' | 'row' | 'verified' | 'label'>,
): string | null {
  const page = pages.get(evidence.page);
  if (!page) return null;
  const [x0, y0, x1, y1] = evidence.box;
  // A little air around the printed lines, so the frame does not cover the ink.
  const pad = 4;
  page.boxes.push({
    ...box,
    x: round(x0 * page.width - pad),
    y: round(y0 * page.height - pad),
    w: round((x1 - x0) * page.width + 2 * pad),
    h: round((y1 - y0) * page.height + 2 * pad),
  });
  return box.id;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export interface DownloadView {
  format: string;
  filename: string;
  /** data: URL of the export; the document is not kept, so the file travels with the page. */
  href: string;
}

/**
 * The statement in each export format, as files the page offers for download — the same files
 * as the API's `format` field; none where nothing can be exported (no account found).
 */
export function statementDownloads(body: AnalyzeBody, basename: string): DownloadView[] {
  const createdAt = new Date();
  return EXPORT_FORMATS.flatMap((format) => {
    const file = exportStatement(body, format, { createdAt });
    if (!file.ok) return [];
    const type = file.value.contentType.split(';')[0]!;
    const href = `data:${type};base64,${Buffer.from(file.value.body, 'utf8').toString('base64')}`;
    return [{ format, filename: `${basename}.${file.value.filenameExtension}`, href }];
  });
}
