import { DOCUMENT_TYPES, type DocumentType } from '../../../domain/document-types.js';
import { DocumentNotRecognizedError } from '../../model/errors.js';
import type { Classification, Stage } from '../../model/stage.js';
import { foldGerman } from '../../layout/fold.js';
import { SALUTATION } from '../../layout/letter-head.js';
import { letterPattern } from '../../layout/letter-words.js';
import { ASSESSMENT_WEIGHT, readsAsAssessment } from './assessment.js';
import { LEDGER_LINKS, LEDGER_WEIGHT, ledgerLinks } from './ledger.js';
import { SIGNALS } from './signals.js';
import { statementShapeScore } from './statement-shape.js';
import { letterSubtype } from './subtypes.js';

/** Below this score a text carries too little evidence to be any of the six types. */
export const MIN_SCORE = 7;
/**
 * The requested type must reach this share of the strongest other type's score: letters of
 * one type cite others (a termination mentions the last payslip, a reminder threatens
 * termination), so the requested type may trail a little, but not by a quarter.
 */
export const RIVAL_RATIO = 0.75;

const COMPILED: Record<DocumentType, { re: RegExp; weight: number }[]> = Object.fromEntries(
  DOCUMENT_TYPES.map((type) => [
    type,
    SIGNALS[type].map(([meaning, weight]) => ({ re: letterPattern(meaning), weight })),
  ]),
) as Record<DocumentType, { re: RegExp; weight: number }[]>;

const LABEL: Record<DocumentType, string> = {
  kontoauszug: 'a bank statement (kontoauszug)',
  steuerbescheid: 'a tax assessment (steuerbescheid)',
  lohnabrechnung: 'a payslip (lohnabrechnung)',
  mahnung: 'a payment reminder or collection letter (mahnung)',
  kuendigung: 'a termination letter (kuendigung)',
  bussgeldbescheid: 'a fine notice (bussgeldbescheid)',
};

/** Sentences that announce a consequence rather than state a fact ("Sollte …, sehen wir uns gezwungen … zu kündigen"). */
const CONDITIONAL = letterPattern('conditional', String.raw`\b($W)\b`, '');
/** A signal this heavy names the document; named only in running prose it is a reference, not the document's own name. */
const NAMING_WEIGHT = 4;
/** Share of a naming term's weight when it occurs only in running prose. */
const PROSE_NAMING_FACTOR = 0.4;
/** Share of any term's weight when it occurs only in a conditional or threatening sentence. */
const CONDITIONAL_FACTOR = 0.3;

interface Zones {
  /** Letterhead, date, Betreff, and short label-like lines: full weight. */
  titled: string[];
  /** Sentences of the running text after the salutation. */
  prose: string[];
  all: string;
}

/**
 * Position-aware zones of a text: without a salutation (forms, statements, payslips, notices
 * printed as tables) everything counts as titled; with one, what precedes it and short lines
 * after it are titled and the rest is split into sentences.
 */
function zonesOf(text: string): Zones {
  const lines = text.split(/\r?\n/).map(foldGerman).map((l) => l.trim()).filter(Boolean);
  const all = lines.join(' ');
  const at = lines.findIndex((l) => SALUTATION.test(l));
  if (at < 0) return { titled: lines, prose: [], all };
  const salutationLine = lines[at]!;
  const cut = salutationLine.search(SALUTATION);
  const titled = [...lines.slice(0, at), salutationLine.slice(0, cut)];
  const bodyLines = [salutationLine.slice(cut), ...lines.slice(at + 1)];
  const proseLines: string[] = [];
  for (const l of bodyLines) {
    if (l.split(' ').length <= 6 && !/[.,;]\s*$/.test(l)) titled.push(l);
    else proseLines.push(l);
  }
  const prose = proseLines.join(' ').split(/(?<=[.!?;])\s+/);
  return { titled, prose, all };
}

function evidence(zones: Zones, re: RegExp, weight: number): number {
  if (!re.test(zones.all)) return 0;
  if (zones.titled.some((l) => re.test(l))) return weight;
  const naming = weight >= NAMING_WEIGHT ? PROSE_NAMING_FACTOR : 1;
  let best = 0;
  for (const sentence of zones.prose) {
    if (!re.test(sentence)) continue;
    best = Math.max(best, naming * (CONDITIONAL.test(sentence) ? CONDITIONAL_FACTOR : 1));
  }
  // Matched only across a line or sentence break: count as prose.
  return weight * (best || naming);
}

/**
 * Scores each type by its words; `ledger` (ledger.ts: running-balance links found in the
 * document's lines) and `shape` (statement-shape.ts: dated amount rows, a labelled balance,
 * balances the rows reconcile) add structural evidence for a statement.
 */
export function classifyText(text: string, ledger = 0, shape = 0): Classification {
  const zones = zonesOf(text);
  const scores = {} as Record<DocumentType, number>;
  for (const type of DOCUMENT_TYPES) {
    scores[type] = Math.round(COMPILED[type].reduce((sum, s) => sum + evidence(zones, s.re, s.weight), 0) * 100) / 100;
  }
  if (ledger >= LEDGER_LINKS) scores.kontoauszug += LEDGER_WEIGHT;
  scores.kontoauszug += shape;
  const assessment = readsAsAssessment(zones.all);
  if (assessment) scores.steuerbescheid += ASSESSMENT_WEIGHT;
  const ranked = [...DOCUMENT_TYPES].sort((a, b) => scores[b] - scores[a]);
  const top = ranked[0]!;
  return { best: scores[top] >= MIN_SCORE ? top : null, scores, ...(assessment ? { assessment } : {}) };
}

/**
 * Types whose evidence does not argue against reading the document as `requested`: an
 * assessment sets an amount and demands its payment by a date, with the late charges and the
 * enforcement a demand names (SPEC §9 would accept it as a mahnung too), so for an assessment
 * (`classification.assessment`) a demand's words are no rival to the steuerbescheid. A reminder
 * is no administrative act and has no remedy against itself, so it never gets this pass.
 */
function rivalsOf(classification: Classification, requested: DocumentType): DocumentType[] {
  const rivals = DOCUMENT_TYPES.filter((t) => t !== requested);
  return requested === 'steuerbescheid' && classification.assessment ? rivals.filter((t) => t !== 'mahnung') : rivals;
}

/** Whether the evidence supports reading the document as `requested`. */
export function supports(classification: Classification, requested: DocumentType): boolean {
  const own = classification.scores[requested];
  const rival = Math.max(...rivalsOf(classification, requested).map((t) => classification.scores[t]));
  return own >= MIN_SCORE && own >= rival * RIVAL_RATIO;
}

/**
 * Checks the upload against the requested document_type; a document of another kind is
 * DocumentNotRecognizedError (422). The message names types only, never document content.
 * A letter accepted as its type gets its subtype here too (`classification.subtype`), so the
 * analysis reads it from the slot instead of classifying again.
 */
export const classifyStage: Stage = {
  name: 'classify',
  layoutParts: (type) => (type === 'kontoauszug' ? ['text', 'statementLines'] : ['text', 'statementLines', 'letterPages']),
  run(ctx) {
    const lines = ctx.layout.statementLines;
    const classification = classifyText(ctx.layout.text, ledgerLinks(lines), statementShapeScore(lines));
    ctx.slots.classification = classification;
    if (supports(classification, ctx.documentType)) {
      if (ctx.documentType !== 'kontoauszug') ctx.slots.classification = { ...classification, subtype: letterSubtype(ctx.documentType, ctx.layout.letterPages) };
      return;
    }
    const readsAs =
      classification.best && classification.best !== ctx.documentType ? ` It reads as ${LABEL[classification.best]}.` : '';
    const noText = ctx.document.pages.every((p) => p.cells.length === 0) ? ' No readable text was found.' : '';
    throw new DocumentNotRecognizedError(
      `The document does not look like ${LABEL[ctx.documentType]}.${readsAs}${noText}`.trim(),
    );
  },
};
