/**
 * Key numbers of a termination letter (SPEC §9): the letter date, the end date and the notice
 * period. Terminations state the end in prose ("kündigen wir … fristgerecht zum 30.06.2026",
 * "endet mit Ablauf des …"), sometimes in a labelled line ("Beendigungsdatum", "Vertragsende").
 */
import { computedAmounts } from '../common/computed-amounts.js';
import { withLabelledAmounts } from '../common/labelled-amounts.js';
import type { KeyNumber } from '../../../model/result.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { keyNumbersOf } from '../common/analysis-stage.js';
import { letterDate } from '../common/dates.js';
import { findInProse, DATE_SRC, type PageText } from '../common/prose.js';
import { compareDates, type CalendarDate } from '../../../../domain/german-dates.js';
import { dateOf, findKeyValue } from '../common/values.js';
import { printedWords } from '../../../layout/letter-words.js';

/** Printed sentence (case-insensitive) about a contract's end. */
const ENDING = new RegExp(printedWords('statement', 'endingWord'), 'iu');

export const KUENDIGUNG_KEYS = ['schreibdatum', 'beendigungsdatum', 'kuendigungsfrist'] as const;

const NUMBER_WORD = '(?:\\d{1,2}|ein|eine[mnr]?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf)';
const PERIOD = `${NUMBER_WORD}\\s+(?:Wochen?|Monate?n?)(?:\\s+zum\\s+(?:Monatsende|Ende\\s+(?:eines|des)\\s+(?:Kalender)?monats|15\\.(?:\\s+oder\\s+(?:zum\\s+)?(?:Ende|Monatsende)(?:\\s+eines\\s+Kalendermonats)?)?))?`;

/** A notice period given as the statute's rule, not as a count of weeks or months. */
const STATUTORY_RULE_IN_WORDS = /((?:spätestens\s+)?(?:am|bis\s+zum)\s+dritten\s+Werktag\s+eines\s+(?:Kalender)?[Mm]onats\s+(?:für\s+den\s+Ablauf|zum\s+(?:Ablauf|Ende))\s+des\s+übernächsten\s+(?:Kalender)?[Mm]onats)/u;

export interface KuendigungFacts {
  keyNumbers: Record<string, KeyNumber>;
  eintritt: string | null;
}

/** A date followed by a participle of starting ("am 10.02.2016 geschlossene", "bestehende"). */
const STARTS = new RegExp(String.raw`^\s+(?:${printedWords('statement', 'contractStarted')})`, 'u');

/**
 * A relationship cannot end before the letter that ends it was written: a date before the
 * letter date is a start or reference date (contract date, Mietbeginn), never the end date.
 */
function before(value: string | undefined, written: CalendarDate | null): boolean {
  const d = dateOf(value);
  return !!(d && written && compareDates(d, written) < 0);
}

/** Dates that begin or identify something rather than end it ("Vertrag vom …", "seit dem …"). */
const NOT_END = new RegExp(String.raw`(${printedWords('printed', 'notEndBefore')})\s*$`, 'u');

/**
 * The end date in a sentence about ending ("… fristgemäß zum nächstmöglichen Zeitpunkt, das ist
 * nach unserer Berechnung der 30.06.2026"): the first date in such a sentence that is not the
 * letter's own date and not introduced as a start or reference date.
 */
function endDateInSentence(texts: readonly PageText[], letterDate: string | null): { value: string; page: number } | null {
  const written = dateOf(letterDate ?? undefined);
  const re = new RegExp(DATE_SRC, 'gu');
  for (const t of texts) {
    // "1. April 2026": the period of a day number followed by a month name does not end a sentence.
    for (const sentence of t.text.replace(/\s+/g, ' ').split(/(?<=[.!?])(?<!(?:^|\s)\d{1,2}\.)\s+(?=[A-ZÄÖÜ])/u)) {
      if (!ENDING.test(sentence)) continue;
      for (const m of sentence.matchAll(re)) {
        if (m[0] === letterDate || NOT_END.test(sentence.slice(0, m.index))) continue;
        if (STARTS.test(sentence.slice(m.index + m[0].length)) || before(m[0], written)) continue;
        return { value: m[0], page: t.page };
      }
    }
  }
  return null;
}

/**
 * Folded label context ending in its value: the date is introduced by "bis (zum|spätestens)", a
 * deadline set for an answer ("bestätigen Sie mir … das Vertragsende bis zum 03.06.2026"), not
 * the day the contract ends.
 */
const DEADLINE_VALUE = /\bbis\s+(?:zum\s+|sp\S*\s+(?:zum\s+)?)?\S+$/iu;

/**
 * The notice period a label–value grid prints under its `Kündigungsfrist` header cell (`1 Monat`
 * below the label, issue 22 A-K4): the letter's own answer to "which period", printed before the
 * prose explains it (`mit einer Frist von einem Monat`), so it wins over the prose's wording.
 * Only a value below its label: a period right of the label is the prose's reading anyway.
 */
function gridFrist(lines: AnalysisInput['lines']): { value: string; page: number } | null {
  const cell = findKeyValue(lines, { labels: ['Kündigungsfrist'], kind: 'notice', maxGap: 1 });
  return cell && cell.line !== cell.label.line ? { value: cell.value, page: cell.page } : null;
}

export function extractKuendigungKeyNumbers(input: AnalysisInput): KuendigungFacts {
  const found: Record<string, { value: string; page: number } | null> = {};
  found.schreibdatum = letterDate(input.lines, input.texts, ['Datum']);
  const labelled = findKeyValue(input.lines, { labels: ['Beendigungsdatum', 'Vertragsende', 'Austrittsdatum', 'Ende des Arbeitsverhältnisses', 'Kündigung zum', 'Beendigung zum', 'endet am'], kind: 'date', maxGap: 3, skipLine: DEADLINE_VALUE });
  // Within the sentence, periods that follow a digit belong to dates and ordinals ("seit dem
  // 1. April 2019", "am 10.02.2016") and those of abbreviations ("Kellerabteil Nr. 7") do not end it. A date followed by a participle of
  // starting ("am 10.02.2016 geschlossene", "seit … bestehende") is the start of the relationship,
  // not its end; the search then continues to the next date.
  const prose = findInProse(
    input.texts,
    new RegExp(
      String.raw`(?:kündig\w*|beend\w*|endet|Beendigung|Vertragsende|Auflösung|aufzulösen)(?:[^.]|(?<=\d)\.|(?<=\b(?:Nr|Abs|Str|ca|bzw|vgl|Ziff|z|B|inkl|ggf))\.){0,240}?(?:zum|mit Ablauf des|mit Ablauf|am|per|spätestens zum)\s+(${DATE_SRC})(?!\s+(?:geschlossene|abgeschlossene|bestehende|begonnene|begründete)\w*)`,
      'u',
    ),
  );
  const written = dateOf(found.schreibdatum?.value);
  const notBefore = <T extends { value: string }>(v: T | null): T | null => (v && !before(v.value, written) ? v : null);
  found.beendigungsdatum = notBefore(labelled) ?? notBefore(prose) ?? endDateInSentence(input.texts, found.schreibdatum?.value ?? null);
  // Citations come in full form too ("gemäß § 622 Abs. 2 Satz 1 Nr. 2 BGB"): Satz/Nr./Ziff. parts
  // between the paragraph and the law's name.
  const CITE = String.raw`§\s?\d+\w*(?:\s+Abs\.\s?\d+)?(?:\s+(?:Satz|S\.|Nr\.|Ziff\.)\s?\d+)*\s+\w+`;
  // The period may be qualified by whose it is ("Kündigungsfrist für Mieter beträgt drei Monate").
  const fristLabel = findInProse(input.texts, new RegExp(String.raw`(?:Kündigungsfrist|Frist)(?:\s+(?:beträgt|von|für\s+(?:den\s+|die\s+)?\p{L}+|gemäß\s+${CITE}|nach\s+${CITE}|laut\s+Vertrag|:))*\s+(${PERIOD})`, 'u'));
  const fristAny = fristLabel ?? findInProse(input.texts, new RegExp(String.raw`(?:unter\s+Einhaltung\s+(?:der|einer)\s+(?:gesetzlichen\s+|vertraglichen\s+)?(?:Kündigungsfrist\s+)?von\s+)(${PERIOD})`, 'u'));
  // The statutory period stated as its rule in words (§§ 573c, 580a BGB: "spätestens am dritten
  // Werktag eines Kalendermonats zum Ablauf des übernächsten Monats"), wrapping over lines.
  found.kuendigungsfrist = gridFrist(input.lines) ?? fristAny ?? findInProse(input.texts, STATUTORY_RULE_IN_WORDS);
  const eintritt = findKeyValue(input.lines, { labels: ['Eintrittsdatum', 'Eintritt', 'beschäftigt seit', 'Betriebszugehörigkeit seit', 'Mietbeginn', 'Vertragsbeginn'], kind: 'date', maxGap: 3 });
  const eintrittProse = eintritt ? null : findInProse(input.texts, new RegExp(String.raw`(?:seit dem|seit|vom|Beginn(?: des \w+)? am)\s+(${DATE_SRC})\s+(?:bei uns\s+|zwischen uns\s+|zwischen Ihnen und (?:uns|mir)\s+|mit Ihnen\s+)?(?:beschäftigt|bestehende|besteht|tätig|angestellt|gemietet|geschlossene)`, 'u'));
  // Amounts the letter computes and names (a § 1a KSchG severance), under the letter's label.
  const keyNumbers = withLabelledAmounts(keyNumbersOf(KUENDIGUNG_KEYS, found), computedAmounts(input.lines), KUENDIGUNG_KEYS);
  return { keyNumbers, eintritt: eintritt?.value ?? eintrittProse?.value ?? null };
}
