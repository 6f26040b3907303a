/**
 * The shape every analysis type shares: read the letter's lines from the layout step (OCR
 * misreadings undone, layout/letter-lines.ts), extract key numbers, derive review flags from
 * them with the pure legal rules, split sections, and write a summary from the extracted facts
 * only. The stage writes `ctx.slots.analysis`; the subtype is the classify stage's.
 */
import type { LoadedDocument } from '../../../model/document.js';
import type { DocumentLayout } from '../../../model/layout.js';
import type { Analysis, Check, KeyNumber, ReviewFlag, Section } from '../../../model/result.js';
import type { Stage, Subtype } from '../../../model/stage.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { PageText } from './prose.js';
import { withKeyNumberEvidence } from './key-number-evidence.js';
import { printedWords } from '../../../layout/letter-words.js';

/** Printed cell text (case-insensitive): a post-office box, or the end of a street name. */
const PO_BOX = new RegExp(`^(${printedWords('statement', 'poBox')})$`, 'i');
const STREET = new RegExp(`(${printedWords('statement', 'addressStreetSuffix')})$`, 'i');

export interface AnalysisInput {
  document: LoadedDocument;
  /** The layout's `letterLines`: shared with the other stages, read only. */
  lines: readonly TextLine[];
  texts: readonly PageText[];
  /** The kind of letter, as the classify stage decided it (`slots.classification.subtype`). */
  subtype: Subtype;
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

export function analyze<F>(analyzer: TypeAnalyzer<F>, document: LoadedDocument, layout: DocumentLayout, subtype: Subtype): Analysis {
  const lines = layout.letterLines;
  const input: AnalysisInput = { document, lines, texts: layout.letterPages, subtype };
  const { keyNumbers, facts, checks } = analyzer.extract(input);
  const review_flags = analyzer.flags(facts);
  // Every type's key numbers get their evidence here, in one place (SPEC §8a).
  const key_numbers = withKeyNumberEvidence(keyNumbers, lines, document);
  return { summary: analyzer.summary(facts, review_flags), sections: analyzer.sections(input), key_numbers, review_flags, checks: checks ?? [] };
}

export function analysisStage<F>(analyzer: TypeAnalyzer<F>): Stage {
  return {
    name: analyzer.name,
    layoutParts: () => ['letterLines', 'letterPages'],
    run(ctx) {
      const subtype = ctx.slots.classification?.subtype;
      // Every pipeline starts with classify (pipelines.ts); without it this is a wiring fault.
      if (!subtype) throw new Error('the analysis stage runs after the classify stage');
      ctx.slots.analysis = analyze(analyzer, ctx.document, ctx.layout, subtype);
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
  if (s.length < 3) return null;
  return (s === s.toUpperCase() ? mixedCaseOf(lines, first, s) : null) ?? s.slice(0, 80);
}

/**
 * A letterhead set in capitals (a logo: `HOLLWEG & PARTNER`) is the name as a typeface shows it;
 * the return-address line below prints the same name as it is written (`Hollweg & Partner ·
 * Domshof 8 · …`). That spelling is taken where one of the next lines of the page starts with it.
 */
function mixedCaseOf(lines: readonly TextLine[], first: TextLine, caps: string): string | null {
  const at = lines.indexOf(first);
  for (const l of lines.slice(at + 1, at + 10)) {
    if (l.page !== first.page) break;
    const text = l.text.trim();
    const head = text.slice(0, caps.length);
    if (head.toUpperCase() === caps && head !== caps && !/[\p{L}\d]/u.test(text.charAt(caps.length))) return head.slice(0, 80);
  }
  return null;
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
