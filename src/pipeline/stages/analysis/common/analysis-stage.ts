/**
 * The shape every analysis type shares: read lines once, extract key numbers, derive review
 * flags from them with the pure legal rules, split sections, and write a summary from the
 * extracted facts only. The stage writes `ctx.slots.analysis`.
 */
import type { LoadedDocument } from '../../../model/document.js';
import type { Analysis, Check, KeyNumber, ReviewFlag, Section } from '../../../model/result.js';
import type { Stage } from '../../../model/stage.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { pageTexts, type PageText } from './prose.js';
import { withKeyNumberEvidence } from './key-number-evidence.js';
import { readLetterLines } from './ocr-words.js';
import { printedWords } from '../../../layout/letter-words.js';

/** Printed cell text (case-insensitive): a post-office box, or the end of a street name. */
const PO_BOX = new RegExp(`^(${printedWords('statement', 'poBox')})$`, 'i');
const STREET = new RegExp(`(${printedWords('statement', 'addressStreetSuffix')})$`, 'i');

export interface AnalysisInput {
  document: LoadedDocument;
  lines: TextLine[];
  texts: PageText[];
}

export interface TypeAnalyzer<F> {
  name: string;
  /**
   * Key numbers (SPEC §9 names), the typed facts the flags and summary use, and the arithmetic
   * checks (SPEC §9 `analysis.checks`) the readings were chosen by.
   */
  extract(input: AnalysisInput): { keyNumbers: Record<string, KeyNumber>; facts: F; checks?: Check[] };
  flags(facts: F): ReviewFlag[];
  sections(input: AnalysisInput): Section[];
  summary(facts: F, flags: readonly ReviewFlag[]): string;
}

export function analyze<F>(analyzer: TypeAnalyzer<F>, document: LoadedDocument): Analysis {
  const lines = readLetterLines(document);
  const input: AnalysisInput = { document, lines, texts: pageTexts(lines) };
  const { keyNumbers, facts, checks } = analyzer.extract(input);
  const review_flags = analyzer.flags(facts);
  // Every type's key numbers get their evidence here, in one place (SPEC §8a).
  const key_numbers = withKeyNumberEvidence(keyNumbers, lines, document);
  return { summary: analyzer.summary(facts, review_flags), sections: analyzer.sections(input), key_numbers, review_flags, checks: checks ?? [] };
}

export function analysisStage<F>(analyzer: TypeAnalyzer<F>): Stage {
  return {
    name: analyzer.name,
    run(ctx) {
      ctx.slots.analysis = analyze(analyzer, ctx.document);
    },
  };
}

/**
 * The sender as printed: the first segment of the first line of page 1 (letterheads and
 * return-address lines start with the issuer), cut at a wide gap or a separator.
 */
export function senderOf(lines: readonly TextLine[]): string | null {
  const first = lines.find((l) => l.page === lines[0]?.page && /[A-Za-zÄÖÜäöü]{3}/.test(l.text));
  if (!first) return null;
  const words: string[] = [];
  for (let i = 0; i < first.cells.length; i++) {
    const c = first.cells[i]!;
    const prev = first.cells[i - 1];
    const next = first.cells[i + 1];
    // A gap of several spaces, a separator, or the start of the address ends the name.
    if (prev && c.bbox.x - (prev.bbox.x + prev.bbox.width) > 1.5 * first.size) break;
    if (/^[·|•,–-]$/.test(c.text)) break;
    if (/^\d{5}$/.test(c.text) || PO_BOX.test(c.text)) break;
    if (STREET.test(c.text) && next && /^\d+[a-z]?,?$/i.test(next.text)) break;
    words.push(c.text.replace(/[,·]$/, ''));
    if (/[,·]$/.test(c.text)) break;
  }
  const s = words.join(' ').trim();
  return s.length >= 3 ? s.slice(0, 80) : null;
}

/** Puts found values into the key-number record, in SPEC order, omitting what was not found. */
export function keyNumbersOf(names: readonly string[], found: Record<string, { value: string; page: number } | null | undefined>): Record<string, KeyNumber> {
  const out: Record<string, KeyNumber> = {};
  for (const name of names) {
    const f = found[name];
    if (f) out[name] = { value: f.value, page: f.page };
  }
  return out;
}
