/** Bußgeldbescheid analysis (SPEC §9); also reads Verwarnungen and Anhörungsbögen, named as such. */
import type { KeyNumber } from '../../../model/result.js';
import { fmtDate, foldedHas } from '../common/facts.js';
import { bussgeldEinspruchsfrist } from '../common/legal-rules.js';
import { dateOf } from '../common/values.js';
import { analysisStage, senderOf, type TypeAnalyzer } from '../common/analysis-stage.js';
import { splitSections } from '../common/sections.js';
import { extractBussgeldKeyNumbers } from './key-numbers.js';
import { bussgeldReviewFlags, type BussgeldFlagInput, type BussgeldKind } from './review-flags.js';
import { letterForms, letterPattern, letterWords } from '../../../layout/letter-words.js';
import { foldGerman } from '../../../layout/fold.js';
import { addDays } from '../../../../domain/german-dates.js';

interface Facts extends BussgeldFlagInput {
  sender: string | null;
  subtype: string;
  /** Weeks of an objection period the notice prints other than the German two (a foreign authority's). */
  printedWeeks: number | null;
}

function printedWeeksOf(texts: Parameters<typeof foldedHas>[0]): number | null {
  for (const t of texts) {
    const m = WEEKS_PERIOD.exec(foldGerman(t.text));
    if (m) return WEEK_WORDS[m[1]!] ?? Number(m[1]);
  }
  return null;
}

/** Section headings, folded (the lexicon's printed words through the letter fold). */
export const BUSSGELD_HEADINGS = letterForms('bussgeldHeading');

/**
 * The Rechtsbehelfsbelehrung's objection period as notices print it ("wenn Sie nicht innerhalb
 * von zwei Wochen nach seiner Zustellung … Einspruch einlegen", "Gegen diesen Bescheid kann
 * innerhalb von 2 Wochen … Einspruch eingelegt werden"): one sentence naming the two weeks and
 * the Einspruch. A photo that shows no readable date still shows the period (review-flags.ts).
 * Tested on the folded page text; the words are the lexicon's (`twoWeeks`, `objection`).
 */
const TWO_WEEKS = letterWords('twoWeeks');
const OBJECTION = letterWords('objection');
const OBJECTION_PERIOD = new RegExp(`(?:${TWO_WEEKS})[^.]{0,160}?(?:${OBJECTION})|(?:${OBJECTION})[^.]{0,160}?(?:${TWO_WEEKS})`, 'u');

const WEEK_WORDS: Record<string, number> = { drei: 3, vier: 4, funf: 5, sechs: 6, acht: 8 };
/**
 * A notice that states its own objection period in weeks other than the two of § 67 OWiG (a
 * foreign authority writing in German: "innerhalb von sechs Wochen nach dem Datum der
 * Entscheidung … Einspruch"): the summary names that period, not the German one. Folded text.
 */
const WEEKS_PERIOD = new RegExp(String.raw`(?:innerhalb|binnen)\s+(?:von\s+)?(drei|vier|funf|sechs|acht|[3-8])\s+wochen[^.]{0,160}?(?:${OBJECTION})`, 'u');

/** Road-traffic wording: the statutes, speeds, the vehicle, points and driving bans (the classify evidence of a traffic notice). */
const TRAFFIC = letterPattern(['bussgeldbescheidSignalStvo', 'bussgeldbescheidSignalKmH', 'bussgeldbescheidSignalFahrverbot', 'bussgeldbescheidSignalPunkte', 'bussgeldbescheidSignalKennzeichen']);

export const bussgeldbescheidAnalyzer: TypeAnalyzer<Facts> = {
  name: 'analysis.bussgeldbescheid',
  extract(input) {
    const base = extractBussgeldKeyNumbers(input);
    const sub = input.subtype;
    const kind: BussgeldKind = sub.id === 'anhoerung' || sub.id === 'verwarnung' || sub.id === 'anonymverfuegung' ? sub.id : 'bussgeldbescheid';
    const objectionPeriodPrinted = foldedHas(input.texts, OBJECTION_PERIOD);
    const printedWeeks = objectionPeriodPrinted ? null : printedWeeksOf(input.texts);
    return { keyNumbers: base.keyNumbers, checks: base.checks, facts: { keyNumbers: base.keyNumbers, kind, sender: senderOf(input.lines), subtype: sub.label, objectionPeriodPrinted, printedWeeks, traffic: foldedHas(input.texts, TRAFFIC) } };
  },
  flags: bussgeldReviewFlags,
  sections: (input) => splitSections(input.lines, { headings: BUSSGELD_HEADINGS }),
  summary(f, flags) {
    const v = (n: string): string | null => (f.keyNumbers[n] as KeyNumber | undefined)?.value ?? null;
    const parts = [`${f.subtype}${f.sender ? ` von ${f.sender}` : ''}${v('bescheiddatum') ? ` vom ${v('bescheiddatum')}` : ''}${v('tatdatum') ? ` wegen einer Tat am ${v('tatdatum')}` : ''}.`];
    const amount = v('gesamtbetrag') ?? v('geldbusse');
    // A hearing letter only announces the fine (the catalogue rate); nothing is payable until a
    // Bußgeldbescheid follows, so the summary must not tell the reader to pay it.
    if (amount && f.kind === 'anhoerung') parts.push(`Vorgesehen ist eine Geldbuße von ${v('geldbusse') ?? amount}; zu zahlen ist erst, wenn ein Bußgeldbescheid ergeht.`);
    else if (amount) parts.push(`Zu zahlen sind ${amount}${v('gesamtbetrag') && v('geldbusse') ? ` (Geldbuße ${v('geldbusse')})` : ''}.`);
    // No remedy lies against an Anonymverfügung (§ 49a VStG): the summary says what follows instead of an objection deadline.
    if (f.kind === 'anonymverfuegung') parts.push('Ein Rechtsmittel ist nicht zulässig; wird nicht fristgerecht mit der angegebenen Identifikationsnummer gezahlt, wird die Verfügung gegenstandslos und die Behörde leitet das Strafverfahren ein (§ 49a VStG).');
    const extras = [v('punkte') ? `${v('punkte')} Punkt${v('punkte') === '1' ? '' : 'e'} im Fahreignungsregister` : null, v('fahrverbot') ? `Fahrverbot von ${v('fahrverbot')}` : null].filter(Boolean);
    if (extras.length) parts.push(`Außerdem: ${extras.join(', ')}.`);
    const datum = dateOf(v('bescheiddatum') ?? undefined);
    if (datum && f.printedWeeks) parts.push(`Einspruch ist laut Bescheid innerhalb von ${f.printedWeeks} Wochen möglich, bis zum ${fmtDate(addDays(datum, 7 * f.printedWeeks))} (ab dem Bescheiddatum).`);
    else if (datum && flags.some((x) => x.topic === 'einspruchsfrist')) parts.push(`Einspruch ist bis zum ${fmtDate(bussgeldEinspruchsfrist(datum))} möglich (bei Zustellung am Bescheiddatum).`);
    if (parts.length < 2) parts.push('Beträge waren nicht eindeutig zu lesen.');
    return parts.join(' ');
  },
};

export const bussgeldbescheidStage = analysisStage(bussgeldbescheidAnalyzer);
