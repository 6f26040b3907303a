/**
 * Key numbers of a traffic fine notice (SPEC §9): the Kostenaufstellung (Geldbuße, Gebühren,
 * Auslagen, Gesamtbetrag — labels with amounts to the right or below), the dates of the notice
 * and of the offence, points and driving ban as printed in the text.
 */
import type { Check, KeyNumber } from '../../../model/result.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { completeSumTable, dropPartsEqualToTotal, tableSumCheck } from '../common/table-sum.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { keyNumbersOf } from '../common/analysis-stage.js';
import { letterDate } from '../common/dates.js';
import { findInProse, DATE_SRC, MONEY_SRC } from '../common/prose.js';
import { findKeyValue, findKeyValues, type FoundValue, type LabelSpec } from '../common/values.js';
import { withLabelledAmounts } from '../common/labelled-amounts.js';
import { unnamedTableEnds } from '../common/unnamed-table-ends.js';
import { letterPattern } from '../../../layout/letter-words.js';

export const BUSSGELD_KEYS = ['bescheiddatum', 'tatdatum', 'geldbusse', 'gebuehren', 'auslagen', 'gesamtbetrag', 'punkte', 'fahrverbot'] as const;

const SPECS: Record<'geldbusse' | 'gebuehren' | 'auslagen' | 'gesamtbetrag', LabelSpec> = {
  // A foreign authority writing in German (NL CJIB) names the fine a Sanktion; tried after the
  // German words. The Austrian `Geldstrafe` is no label here: a notice also cites fines in
  // general (`Geldstrafen ab € 70,00 werden … vollstreckt`); it is read where a sentence imposes
  // it (FINE_IMPOSED). The Austrian Anonymverfügung and Organstrafverfügung name the fine they set
  // a Strafbetrag (§§ 49a, 50 VStG); tried last.
  geldbusse: { labels: ['Geldbuße', 'Bußgeld', 'Verwarnungsgeld', 'Verwarngeld', 'Geldbetrag', 'Sanktion', 'Sanktionsbetrag', 'Strafbetrag'], kind: 'money', maxGap: 5, skipLine: letterPattern('notFineAmount', '$W', '') },
  gebuehren: { labels: ['Gebühren insgesamt', 'Gebühren', 'Gebühr', 'Verwaltungsgebühr', 'Verwaltungsgebühren', 'Verwaltungskosten'], kind: 'money', maxGap: 6 },
  // Itemised Auslagen (Zustellung, Blutentnahme, Gutachten) under an `Auslagen:` heading close with
  // their total row: that row, not the first item below the heading, is the key.
  auslagen: { labels: ['Auslagen insgesamt', 'Summe der Auslagen', 'Auslagen gesamt', 'Auslagen', 'Zustellungsauslagen', 'Zustellkosten', 'Auslagen der Verwaltungsbehörde'], kind: 'money', maxGap: 6 },
  gesamtbetrag: { labels: ['Gesamtbetrag', 'Gesamtforderung', 'zu zahlender Gesamtbetrag', 'zu zahlender Betrag', 'Zahlbetrag', 'Gesamtsumme', 'Summe', 'Gesamt', 'insgesamt'], kind: 'money', maxGap: 5 },
};

/** Printed prose: a fine imposed, the amount (captured) after the noun and before the verb that imposes it. */
const FINE_IMPOSED = new RegExp(String.raw`\b(?:Geldbuße|Geldstrafe|Verwarnungsgeld)\s+(?:von|in\s+Höhe\s+von|über)\s+(${MONEY_SRC})(?=[^.\d]{0,40}?\b(?:verhängt|festgesetzt|auferlegt)\b)`, 'u');

const COUNT_WORDS: Record<string, string> = { ein: '1', einen: '1', eine: '1', einem: '1', zwei: '2', drei: '3' };

export const BUSSGELD_RULE = 'geldbusse + gebuehren + auslagen = gesamtbetrag';

/**
 * A fine computed in a detail table (Tatbestand | Überschreitung | Regelsatz | Geldbuße) is carried
 * into the cost summary below as its first row ("Geldbuße 150,00 EUR" over Gebühr, Auslagen,
 * Gesamtbetrag). When the first reading came from under a column head and a later line starts
 * with the same label and prints the same amount, that summary row is the fine: the sum table
 * starts there, and the figure is not counted twice.
 */
function restatedInSummary(readings: readonly FoundValue[]): FoundValue | null {
  const [first] = readings;
  if (!first || sameLine(first.line, first.label.line)) return null;
  return readings.find((r) => r !== first && r.value === first.value && sameLine(r.line, r.label.line) && r.label.first === 0 && after(r.line, first.line)) ?? null;
}

function sameLine(a: TextLine, b: TextLine): boolean {
  return a.page === b.page && a.index === b.index;
}

function after(a: TextLine, b: TextLine): boolean {
  return a.page > b.page || (a.page === b.page && a.index > b.index);
}

export function extractBussgeldKeyNumbers(input: AnalysisInput): { keyNumbers: Record<string, KeyNumber>; checks: Check[] } {
  const found: Record<string, { value: string; page: number; line?: TextLine } | null> = {};
  for (const [name, spec] of Object.entries(SPECS)) found[name] = findKeyValue(input.lines, spec);
  found.geldbusse = restatedInSummary(findKeyValues(input.lines, SPECS.geldbusse)) ?? found.geldbusse ?? null;
  // The fine imposed in a sentence, its amount after the noun and often on the next line, the
  // currency sign before the figure as Austrian notices print it ("wird … eine Geldstrafe / von
  // € 70,00 verhängt"): only with the verb that imposes it, so a fine merely announced or cited
  // ("Geldstrafen ab € 70 werden vollstreckt", a catalogue rate "vorgesehen") is not taken.
  found.geldbusse ??= findInProse(input.texts, FINE_IMPOSED);
  // A hearing letter (Anhörung) names the fine only as the catalogue rate ("ist nach dem
  // Bußgeldkatalog eine Geldbuße von 100,00 € vorgesehen"); when nothing else names a fine,
  // that rate is the fine the letter announces.
  found.geldbusse ??= findKeyValue(input.lines, { ...SPECS.geldbusse, skipLine: letterPattern('notFineAmountRetry', '$W', '') });
  completeSumTable(input.lines, found, { first: 'geldbusse', parts: ['gebuehren', 'auslagen'], total: 'gesamtbetrag' }, { gebuehren: SPECS.gebuehren.labels, auslagen: SPECS.auslagen.labels });
  unnamedTableEnds(input.lines, found, { first: 'geldbusse', parts: ['gebuehren', 'auslagen'], total: 'gesamtbetrag' });
  dropPartsEqualToTotal(found, { first: 'geldbusse', parts: ['gebuehren', 'auslagen'], total: 'gesamtbetrag' });
  const summed = tableSumCheck(BUSSGELD_RULE, input.lines, found, { first: 'geldbusse', parts: ['gebuehren', 'auslagen'], total: 'gesamtbetrag' }, findKeyValues(input.lines, SPECS.gesamtbetrag));
  if (summed) found.gesamtbetrag = summed.total;
  found.bescheiddatum = letterDate(input.lines, input.texts, ['Bescheiddatum', 'Datum des Bescheids', 'Bescheid vom', 'Erlassen am', 'Datum der Entscheidung', 'Datum']);
  found.tatdatum =
    findKeyValue(input.lines, { labels: ['Tatzeit', 'Tattag', 'Tatdatum', 'Datum der Tat', 'Tatzeitpunkt', 'Tag der Tat', 'Datum/Uhrzeit', 'Datum und Uhrzeit'], kind: 'date', maxGap: 3 }) ??
    // The date may follow its weekday ("am Freitag, dem 07.09.2018"), or on OCR'd pages a word
    // of the neighbouring column read into the sentence ("vorgeworfen, des am Fahrzeuges 30.07.2011"):
    // at most two words without digits between `am` and the date.
    findInProse(input.texts, new RegExp(String.raw`(?:wird vorgeworfen|vorgeworfen,|Ihnen wird zur Last gelegt|haben)[^.]{0,40}?am\s+(?:[^\s\d.,]+,?\s+){0,2}(${DATE_SRC})`, 'u')) ??
    // An offence that lasts (a registration, a notice not given in time) is charged as a period;
    // its first day is the Tattag: "haben … in der Zeit vom 16.06.2026 bis 17.08.2026".
    findInProse(input.texts, new RegExp(String.raw`(?:wird vorgeworfen|vorgeworfen,|Ihnen wird zur Last gelegt|haben)[^.]{0,40}?(?:in der Zeit|im Zeitraum)\s+vom\s+(${DATE_SRC})\s+bis`, 'u')) ??
    // A date with its time of day, also where it opens the sentence (numbered findings: "1. Am 04.03.2026 um 07:10 Uhr wurde …").
    findInProse(input.texts, new RegExp(String.raw`\b[Aa]m\s+(${DATE_SRC})\s*,?\s+(?:um|gegen|von|ab)\s+\d{1,2}[:.]\d{2}`, 'u')) ??
    // Austrian notices list the offence as numbered rows `1. Zeit: 12.09.2026, 14:32 Uhr` /
    // `2. Ort: …` / `4. Tat: …`: the bare `Zeit:` is tried last, only as a row's label (at the line's
    // start after an optional row number) with the date right after its colon.
    findInProse(input.texts, new RegExp(String.raw`(?:^|\n)[ \t]*(?:\d{1,2}\.[ \t]+)?Zeit:[ \t]*(${DATE_SRC})`, 'u'));
  const punkte =
    // The count stands on the line of the word Punkt (a number ending the line above is not it).
    findInProse(input.texts, /(\d|ein|einen|zwei|drei)[ \t]+Punkte?n?\b(?=[^.]{0,80}(?:Fahreignungsregister|Flensburg|eingetragen|Eintragung))/iu) ??
    // The register named first, the count after it, in figures or in words ("im
    // Fahreignungsregister mit einem Punkt bewertet").
    findInProse(input.texts, /(?:Fahreignungsregister|Flensburg)[^.]{0,60}?\b(\d|ein(?:em|en)?|zwei|drei)\s+Punkte?n?\b/iu) ??
    findKeyValue(input.lines, { labels: ['Punkte', 'Punkte im FAER', 'Punkte Fahreignungsregister'], kind: 'count', maxGap: 2 });
  if (punkte) found.punkte = { value: COUNT_WORDS[punkte.value.toLowerCase()] ?? punkte.value, page: punkte.page };
  found.fahrverbot =
    findInProse(input.texts, /Fahrverbot\s+(?:von|für\s+die\s+Dauer\s+von|:)?\s*((?:\d|ein(?:em|en)?|zwei|drei)\s+Monate?n?)/iu) ??
    findInProse(input.texts, /((?:\d|ein(?:em|en)?|zwei|drei)\s+Monate?n?)\s+Fahrverbot/iu) ??
    // Further along the same line: "Fahrverbot: Ihnen wird für die Dauer von 1 Monat verboten …",
    // a table row "Fahrverbot | § 25 Abs. 1 StVG | 1 Monat" (a driving ban is one to three months).
    findInProse(input.texts, /(?<!kein(?:e|en)?\s)Fahrverbot\b[^\n]{0,80}?\b((?:[1-3]|ein(?:em|en)?|zwei|drei)\s+Monate?n?)\b/iu);
  // Rows of a cost list that adds up and that have no SPEC name (`Sonstige Auslagen`,
  // `Auslagen der Polizei`, a zero among them) are key numbers under the letter's labels.
  return { keyNumbers: withLabelledAmounts(keyNumbersOf(BUSSGELD_KEYS, found), summed?.labelled ?? [], BUSSGELD_KEYS), checks: summed ? [summed.check] : [] };
}
