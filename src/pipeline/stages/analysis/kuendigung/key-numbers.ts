/**
 * Key numbers of a termination letter (SPEC §9): the letter date, the end date and the notice
 * period. Terminations state the end in prose ("kündigen wir … fristgerecht zum 30.06.2026",
 * "endet mit Ablauf des …"), sometimes in a labelled line ("Beendigungsdatum", "Vertragsende").
 */
import type { KeyNumber } from '../../../model/result.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { keyNumbersOf } from '../common/analysis-stage.js';
import { letterDate } from '../common/dates.js';
import { findInProse, DATE_SRC, type PageText } from '../common/prose.js';
import { findKeyValue } from '../common/values.js';

export const KUENDIGUNG_KEYS = ['schreibdatum', 'beendigungsdatum', 'kuendigungsfrist'] as const;

const NUMBER_WORD = '(?:\\d{1,2}|ein|eine[mnr]?|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf)';
const PERIOD = `${NUMBER_WORD}\\s+(?:Wochen?|Monate?n?)(?:\\s+zum\\s+(?:Monatsende|Ende\\s+(?:eines|des)\\s+(?:Kalender)?monats|15\\.(?:\\s+oder\\s+(?:zum\\s+)?(?:Ende|Monatsende)(?:\\s+eines\\s+Kalendermonats)?)?))?`;

export interface KuendigungFacts {
  keyNumbers: Record<string, KeyNumber>;
  eintritt: string | null;
}

/** Dates that begin or identify something rather than end it ("Vertrag vom …", "seit dem …"). */
const NOT_END = /(vom|seit|ab dem|ab|geschlossen am|datiert|geboren am|Schreiben vom)\s*$/u;

/**
 * The end date in a sentence about ending ("… fristgemäß zum nächstmöglichen Zeitpunkt, das ist
 * nach unserer Berechnung der 30.06.2026"): the first date in such a sentence that is not the
 * letter's own date and not introduced as a start or reference date.
 */
function endDateInSentence(texts: readonly PageText[], letterDate: string | null): { value: string; page: number } | null {
  const re = new RegExp(DATE_SRC, 'gu');
  for (const t of texts) {
    for (const sentence of t.text.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+(?=[A-ZÄÖÜ])/u)) {
      if (!/kündig|beend|endet|Beendigung|Vertragsende|aufgelöst|Auflösung/iu.test(sentence)) continue;
      for (const m of sentence.matchAll(re)) {
        if (m[0] === letterDate || NOT_END.test(sentence.slice(0, m.index))) continue;
        return { value: m[0], page: t.page };
      }
    }
  }
  return null;
}

export function extractKuendigungKeyNumbers(input: AnalysisInput): KuendigungFacts {
  const found: Record<string, { value: string; page: number } | null> = {};
  found.schreibdatum = letterDate(input.lines, input.texts, ['Datum']);
  const labelled = findKeyValue(input.lines, { labels: ['Beendigungsdatum', 'Vertragsende', 'Austrittsdatum', 'Ende des Arbeitsverhältnisses', 'Kündigung zum', 'Beendigung zum', 'endet am'], kind: 'date', maxGap: 3 });
  const prose = findInProse(
    input.texts,
    new RegExp(String.raw`(?:kündig\w*|beend\w*|endet|Beendigung|Vertragsende|Auflösung|aufzulösen)[^.]{0,160}?(?:zum|mit Ablauf des|mit Ablauf|am|per|spätestens zum)\s+(${DATE_SRC})`, 'u'),
  );
  found.beendigungsdatum = labelled ?? prose ?? endDateInSentence(input.texts, found.schreibdatum?.value ?? null);
  const fristLabel = findInProse(input.texts, new RegExp(String.raw`(?:Kündigungsfrist|Frist)(?:\s+(?:beträgt|von|gemäß\s+§\s?\d+\w*(?:\s+Abs\.\s?\d)?\s+\w+|nach\s+§\s?\d+\w*(?:\s+Abs\.\s?\d)?\s+\w+|laut\s+Vertrag|:))*\s+(${PERIOD})`, 'u'));
  const fristAny = fristLabel ?? findInProse(input.texts, new RegExp(String.raw`(?:unter\s+Einhaltung\s+(?:der|einer)\s+(?:gesetzlichen\s+|vertraglichen\s+)?(?:Kündigungsfrist\s+)?von\s+)(${PERIOD})`, 'u'));
  found.kuendigungsfrist = fristAny;
  const eintritt = findKeyValue(input.lines, { labels: ['Eintrittsdatum', 'Eintritt', 'beschäftigt seit', 'Betriebszugehörigkeit seit', 'Mietbeginn', 'Vertragsbeginn'], kind: 'date', maxGap: 3 });
  const eintrittProse = eintritt ? null : findInProse(input.texts, new RegExp(String.raw`(?:seit dem|seit|vom|Beginn(?: des \w+)? am)\s+(${DATE_SRC})\s+(?:bei uns\s+)?(?:beschäftigt|bestehende|besteht|tätig|angestellt|gemietet|geschlossene)`, 'u'));
  return { keyNumbers: keyNumbersOf(KUENDIGUNG_KEYS, found), eintritt: eintritt?.value ?? eintrittProse?.value ?? null };
}
