/**
 * The letter table of issue 22, per set, document type and variant (text, scan, photo,
 * low-resolution image): documents, key recall, wrong values, SPEC keys the letter does not
 * print, flag recall, flags without cause, summary facts named (sender / amount / deadline) and
 * amounts found among the key numbers. eval-analysis.ts records every run it makes here (one
 * call per run, whichever set it belongs to) and prints the tables after its own; nothing here
 * runs the pipeline.
 *
 * Key recall is each set's own scoring: generated fixtures by value (as their table always
 * was), blind letters by value on its page (unseen/score.ts). A wrong value is a truth key
 * reported with another value; it must stay 0.
 */
import { amountsFound, type Fact, FACTS, factTruth, isAmount, keysNotPrinted, summaryFacts } from '../scripts/fixtures/analysis/letter-facts.js';
import type { AnalysisFixture } from '../scripts/fixtures/analysis/model.js';
import { scoreAnalysis } from '../scripts/fixtures/analysis/score.js';
import type { ExpectedKey, UnseenLetter } from '../scripts/fixtures/analysis/unseen/model.js';
import { judgeKey } from '../scripts/fixtures/analysis/unseen/score.js';
import { SENDERS } from '../scripts/fixtures/analysis/unseen/senders.js';
import type { Analysis } from '../src/pipeline/model/result.js';

export type LetterVariant = 'text' | 'scan' | 'photo' | 'lowres';
export const LETTER_VARIANTS: readonly LetterVariant[] = ['text', 'scan', 'photo', 'lowres'];

interface Tally {
  docs: number;
  failed: number;
  keysExpected: number;
  keysOk: number;
  wrong: number;
  notPrinted: number;
  flagsExpected: number;
  flagsRaised: number;
  withoutCause: number;
  facts: Record<Fact, [named: number, expected: number]>;
  amountsExpected: number;
  amountsFound: number;
}

const empty = (): Tally => ({ docs: 0, failed: 0, keysExpected: 0, keysOk: 0, wrong: 0, notPrinted: 0, flagsExpected: 0, flagsRaised: 0, withoutCause: 0, facts: { sender: [0, 0], amount: [0, 0], deadline: [0, 0] }, amountsExpected: 0, amountsFound: 0 });

function add(a: Tally, b: Tally): Tally {
  const facts = Object.fromEntries(FACTS.map((f) => [f, [a.facts[f][0] + b.facts[f][0], a.facts[f][1] + b.facts[f][1]]])) as Tally['facts'];
  return { docs: a.docs + b.docs, failed: a.failed + b.failed, keysExpected: a.keysExpected + b.keysExpected, keysOk: a.keysOk + b.keysOk, wrong: a.wrong + b.wrong, notPrinted: a.notPrinted + b.notPrinted, flagsExpected: a.flagsExpected + b.flagsExpected, flagsRaised: a.flagsRaised + b.flagsRaised, withoutCause: a.withoutCause + b.withoutCause, facts, amountsExpected: a.amountsExpected + b.amountsExpected, amountsFound: a.amountsFound + b.amountsFound };
}

/** set title → "type|variant" → tally, in the order first recorded. */
const tables = new Map<string, Map<string, Tally>>();
/** set title → what went wrong where it must not (wrong values, keys not printed), per document. */
const wrongs = new Map<string, string[]>();

function tallyOf(set: string, type: string, variant: LetterVariant): Tally {
  let table = tables.get(set);
  if (!table) tables.set(set, (table = new Map()));
  const key = `${type}|${variant}`;
  let t = table.get(key);
  if (!t) table.set(key, (t = empty()));
  return t;
}

function addFacts(t: Tally, summary: string | undefined, truth: ReturnType<typeof factTruth>): void {
  const { expected, named } = summaryFacts(summary, truth);
  for (const f of expected) t.facts[f][1]++;
  for (const f of named) t.facts[f][0]++;
}

function note(set: string, line: string): void {
  if (!wrongs.has(set)) wrongs.set(set, []);
  wrongs.get(set)!.push(line);
}

/**
 * The sender of a generated fixture: its letterhead's first line (every generator starts so) up
 * to the first " · " or the department after " – " ("Landkreis Goslar – Bußgeldstelle").
 */
function generatedSender(fixture: AnalysisFixture): RegExp | undefined {
  const first = fixture.pages[0]?.[0]?.text.split(/ · | – /u)[0]?.trim();
  return first ? new RegExp(first.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'), 'iu') : undefined;
}

export function recordGenerated(set: string, variant: LetterVariant, fixture: AnalysisFixture, analysis: Analysis | null): void {
  const t = tallyOf(set, fixture.type, variant);
  const s = scoreAnalysis(fixture, analysis);
  t.docs++;
  if (!analysis) t.failed++;
  t.keysExpected += s.keyExpected;
  t.keysOk += s.keyFound;
  t.wrong += s.wrongKeys.length;
  for (const w of s.wrongKeys) note(set, `${variant} ${fixture.id}: wrong ${w}`);
  const extra = keysNotPrinted(fixture.type, analysis, Object.keys(fixture.truth.key_numbers));
  t.notPrinted += extra.length;
  for (const x of extra) note(set, `${variant} ${fixture.id}: not printed ${x}`);
  t.flagsExpected += s.flagExpected;
  t.flagsRaised += s.flagFound;
  t.withoutCause += s.flagsWithoutCause;
  addFacts(t, analysis?.summary, factTruth(fixture.type, fixture.truth.key_numbers, fixture.truth.review_flags, generatedSender(fixture)));
  const amounts = Object.values(fixture.truth.key_numbers).map((k) => k.value).filter(isAmount).map((v) => [v]);
  const a = amountsFound(amounts, analysis);
  t.amountsExpected += a.expected;
  t.amountsFound += a.found;
}

function printings(e: ExpectedKey): string[] {
  const out: string[] = [];
  for (let x: ExpectedKey | undefined = e; x; x = x.alt) if (typeof x.value === 'string') out.push(x.value);
  return out;
}

export function recordUnseen(set: string, variant: LetterVariant, letter: UnseenLetter, analysis: Analysis | null): void {
  const t = tallyOf(set, letter.type, variant);
  t.docs++;
  if (!analysis) t.failed++;
  for (const [name, e] of Object.entries(letter.keys)) {
    t.keysExpected++;
    const found = analysis?.key_numbers[name];
    const verdict = judgeKey(e, found);
    if (verdict === 'ok') t.keysOk++;
    if (verdict === 'wrong_value') {
      t.wrong++;
      note(set, `${variant} ${letter.id}: wrong ${name}: ${found!.value} ≠ ${String(e.value)}`);
    }
  }
  const extra = keysNotPrinted(letter.type, analysis, Object.keys(letter.keys), letter.toleratedKeys);
  t.notPrinted += extra.length;
  for (const x of extra) note(set, `${variant} ${letter.id}: not printed ${x}`);
  const topics = new Set(analysis?.review_flags.map((f) => f.topic) ?? []);
  const allowed = new Set([...letter.flags.expected, ...(letter.flags.tolerated ?? [])]);
  t.flagsExpected += letter.flags.expected.length;
  t.flagsRaised += letter.flags.expected.filter((f) => topics.has(f)).length;
  t.withoutCause += [...topics].filter((f) => !allowed.has(f)).length;
  addFacts(t, analysis?.summary, factTruth(letter.type, letter.keys, letter.flags.expected, SENDERS[letter.id]));
  const amounts = Object.values(letter.keys).map(printings).filter((p) => p.length > 0 && p.some(isAmount));
  const a = amountsFound(amounts, analysis);
  t.amountsExpected += a.expected;
  t.amountsFound += a.found;
}

const ratio = (a: number, b: number) => (b === 0 ? '  –  ' : (a / b).toFixed(3));
const frac = (a: number, b: number) => `${ratio(a, b)} (${a}/${b})`;

function line(type: string, variant: string, t: Tally): string {
  const named = FACTS.reduce((n, f) => n + t.facts[f][0], 0);
  const expected = FACTS.reduce((n, f) => n + t.facts[f][1], 0);
  const facts = `${ratio(named, expected)} (${FACTS.map((f) => `${t.facts[f][0]}/${t.facts[f][1]}`).join(' · ')})`;
  return `| ${type} | ${variant} | ${t.docs} | ${frac(t.keysOk, t.keysExpected)} | ${t.wrong} | ${t.notPrinted} | ${frac(t.flagsRaised, t.flagsExpected)} | ${t.withoutCause} | ${facts} | ${frac(t.amountsFound, t.amountsExpected)} | ${t.failed} |`;
}

/** Prints one table per recorded set: rows per type and variant, then one total per variant. */
export function printVariantTables(all = false): void {
  for (const [set, table] of tables) {
    console.log(`\nletters as people send them (issue 22): ${set}`);
    console.log('| type | variant | docs | key recall | wrong values | keys not printed | flag recall | flags w/o cause | summary facts (sender · amount · deadline) | amounts found | runs failed |');
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    const variants = LETTER_VARIANTS.filter((v) => [...table.keys()].some((k) => k.endsWith(`|${v}`)));
    for (const v of variants) {
      for (const [key, t] of table) if (key.endsWith(`|${v}`)) console.log(line(key.split('|')[0]!, v, t));
    }
    for (const v of variants) console.log(line('all', v, [...table].filter(([k]) => k.endsWith(`|${v}`)).reduce((a, [, t]) => add(a, t), empty())));
    const w = wrongs.get(set) ?? [];
    const shown = all ? w : w.slice(0, 30);
    if (w.length) console.log(`  wrong values and keys not printed (${w.length}${shown.length < w.length ? `, first ${shown.length}; --verbose for all` : ''}):\n  ${shown.join('\n  ')}`);
  }
}
