/**
 * Key numbers of a reminder or collection letter (SPEC §9): the Forderungsaufstellung (labels
 * with amounts to the right), the letter date, and the payment deadline, which letters print
 * in prose ("bis zum 24.04.2026", "innerhalb von 10 Tagen").
 */
import type { Check, KeyNumber } from '../../../model/result.js';
import { dropPartsEqualToTotal, tableSumCheck } from '../common/table-sum.js';
import { withLabelledAmounts } from '../common/labelled-amounts.js';
import { breakdownRows } from '../common/breakdown-rows.js';
import { commaDroppedParts } from '../common/comma-dropped-part.js';
import { interestRows, type InterestRow } from './interest.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { keyNumbersOf } from '../common/analysis-stage.js';
import { letterDate } from '../common/dates.js';
import { findAllInProse, findInProse, DATE_SRC, MONEY_SRC } from '../common/prose.js';
import { compareDates } from '../../../../domain/german-dates.js';
import { figureAt } from '../common/row-figures.js';
import { centsOf, dateOf, findKeyValue, findKeyValues, type FoundValue, type LabelSpec } from '../common/values.js';
import { foldGerman } from '../../../layout/fold.js';
import { placeOf } from '../common/line-order.js';
import { openClaim } from './settlement.js';
import { claimOrigin } from './claim-origin.js';
import { claimBySumRows } from './sum-row.js';
import { totalOverMisreading } from '../common/misread-total.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';

export const MAHN_KEYS = ['schreibdatum', 'hauptforderung', 'mahngebuehren', 'inkassokosten', 'zinsen', 'gesamtforderung', 'zahlungsfrist'] as const;

const SPECS: Record<Exclude<(typeof MAHN_KEYS)[number], 'schreibdatum' | 'zahlungsfrist'>, LabelSpec> = {
  // Arrears named by what fell behind (an insurer's premiums, a landlord's rent) are the claim.
  hauptforderung: { labels: ['Hauptforderung', 'Forderungsbetrag', 'Rechnungsbetrag', 'offener Rechnungsbetrag', 'offener Betrag', 'offene Forderung', 'Beitragsrückstand', 'Mietrückstand', 'Zahlungsrückstand', 'Rückstand', 'rückständige', 'Forderung', 'Betrag'], kind: 'money', maxGap: 4, skipLine: letterPattern('notMainClaim', '$W', '') },
  mahngebuehren: { labels: ['Mahngebühren', 'Mahngebühr', 'Mahnkosten', 'Mahnspesen', 'Mahnauslagen'], kind: 'money', maxGap: 4 },
  inkassokosten: { labels: ['Inkassokosten', 'Inkassogebühren', 'Inkassovergütung', 'Geschäftsgebühr', 'Kosten des Inkassos', 'Inkassogebühr'], kind: 'money', maxGap: 5 },
  zinsen: { labels: ['Verzugszinsen', 'Zinsen', 'Verzugszins'], kind: 'money', maxGap: 8 },
  gesamtforderung: { labels: ['Gesamtforderung', 'Gesamtbetrag', 'Gesamtsumme', 'offener Gesamtbetrag', 'Gesamtrückstand', 'zu zahlender Betrag', 'Zahlbetrag', 'Zu zahlen', 'Summe', 'Gesamt'], kind: 'money', maxGap: 4 },
};

export const MAHN_RULE = 'hauptforderung + zinsen + kosten = gesamtforderung';

export interface MahnFacts {
  keyNumbers: Record<string, KeyNumber>;
  interestRows: InterestRow[];
  checks: Check[];
  /** Date the claim arose (invoice or contract date), for the limitation check. */
  entstehung: string | null;
  /** Printed default-interest rate in percent, or points above the base rate. */
  zinssatz: string | null;
  zinsPunkte: string | null;
  /** Date from which interest is charged ("seit dem …"). */
  zinsenSeit: string | null;
}

export function extractMahnKeyNumbers(input: AnalysisInput): MahnFacts {
  const found: Record<string, { value: string; page: number; line?: TextLine } | null> = {};
  for (const [name, spec] of Object.entries(SPECS)) found[name] = findKeyValue(input.lines, spec);
  found.schreibdatum = letterDate(input.lines, input.texts, ['Datum', 'Schreiben vom']);
  const labelledAny = findKeyValue(input.lines, { labels: ['Zahlungsfrist', 'zahlbar bis', 'fällig am', 'Zahlungsziel'], kind: 'date', maxGap: 2 });
  // A reminder repeats the invoice's own due date ("fällig am 16.02.2026" in the invoice table);
  // a date on or before the letter's date is that past due date, not the deadline the letter sets.
  const written = dateOf(found.schreibdatum?.value);
  const labelledDate = dateOf(labelledAny?.value);
  const labelled = labelledAny && !(written && labelledDate && compareDates(labelledDate, written) <= 0) ? labelledAny : null;
  // The deadline is a date after the letter's; "bis" that closes a range ("vom 01.02.2025 bis
  // 30.06.2025", an interest period) is no deadline.
  // Case-insensitive: a mainframe form prints the sentence in capitals ("BIS ZUM 23.02.2026").
  const deadlines = findAllInProse(input.texts, new RegExp(String.raw`(?:bis zum|bis spätestens(?: zum)?|spätestens (?:am|bis(?: zum)?)|bis)\s+(${DATE_SRC})`, 'iu')).filter((m) => {
    const before = m.match.input.slice(Math.max(0, m.match.index - 28), m.match.index);
    const date = dateOf(m.value);
    return !new RegExp(String.raw`(?:${DATE_SRC})\s*$`, 'u').test(before) && !(written && date && compareDates(date, written) <= 0);
  });
  const prose =
    deadlines[0] ??
    findInProse(input.texts, /(innerhalb (?:von |der nächsten )?(?:\d{1,2}|sieben|zehn|vierzehn|zwei|drei|vier) (?:Tagen|Werktagen|Wochen))/u);
  found.zahlungsfrist = labelled ?? prose;
  // Letters that state the claim and the interest in running text, wrapping over lines
  // ("ist unsere Rechnung über … in Höhe von 1.845,20 € weiterhin unbezahlt", "Verzugszinsen in
  // Höhe von fünf Prozentpunkten über dem Basiszinssatz (§ 288 Abs. 1 BGB), für die Zeit bis heute
  // 18,07 €"): the first amount of the sentence after the noun. Periods of abbreviations and
  // citations ("Abs. 1", "p. a.") do not end the sentence; an amount introduced by "aus"/"auf" is
  // the base the interest is charged on, not the interest; the amount starts at a number boundary,
  // so that the tail "845,20" of a refused "aus 1.845,20 €" is not read instead.
  // Nor does the period of an ordinal ("für den 9. und 10. Lebensmonat"): one or two digits on their own.
  const SENTENCE_GAP = String.raw`(?:[^.;\n]|\n|\.(?=\s*\d)|(?<=\b(?:Abs|Nr|Ziff|bzw|ca|vgl|p|a|S))\.|(?<=(?:^|[^\d.])\d{1,2})\.(?=\s))`;
  // An authority's claim arises from its Bescheid as a trader's from its Rechnung ("nach dem
  // Hundesteuerbescheid vom … war die Steuer … in Höhe von 60,00 € … fällig").
  if (!found.hauptforderung) {
    const claim = findInProse(input.texts, new RegExp(String.raw`(?:\bRechnung(?:en)?|\p{L}*[Bb]escheid(?:s|es)?)\b${SENTENCE_GAP}{0,120}?(?:über|in\s+Höhe\s+von)\s+(${MONEY_SRC})`, 'u'));
    if (claim) found.hauptforderung = { value: claim.value, page: claim.page };
  }
  // A reminder in running text closes with what is owed in all ("Sie schulden damit insgesamt
  // 66,00 €"): the total where no labelled total was printed.
  if (!found.gesamtforderung) {
    const total = findInProse(input.texts, new RegExp(String.raw`\binsgesamt\s+(?:noch\s+)?(${MONEY_SRC})`, 'u'));
    if (total) found.gesamtforderung = { value: total.value, page: total.page };
  }
  // A total OCR read with digits lost is refused by the rows printed above it (common/misread-total.ts).
  found.gesamtforderung = totalOverMisreading(input.lines, found.gesamtforderung);
  // A cost named in running text, its amount in the same sentence after the noun, wrapping over
  // lines ("erheben wir eine Mahngebühr von / 5,00 €").
  const costInProse = (noun: string) => {
    const cost = findInProse(input.texts, new RegExp(String.raw`${noun}${SENTENCE_GAP}{0,160}?(?<![\d.,])(?<!\b(?:aus|auf)\s)(${MONEY_SRC})(?!\s*%)`, 'u'));
    return cost ? { value: cost.value, page: cost.page } : null;
  };
  found.zinsen ??= costInProse(String.raw`(?:Verzugs)?[Zz]insen\b`);
  found.mahngebuehren ??= costInProse(String.raw`\bMahn(?:gebühr(?:en)?|kosten)\b`);
  // An authority's late-payment surcharge (§ 240 AO, § 24 SGB IV: "Säumniszuschläge … in Höhe
  // von insgesamt 29,00 € entstanden") has no SPEC name: a cost under its own label, reported
  // only where the claim's sum holds with it (below).
  const surcharge = found.zinsen ? null : costInProse(String.raw`\bSäumniszuschl(?:ag|äge)\b`);
  if (found.hauptforderung && 'label' in found.hauptforderung) found.hauptforderung = claimSubtotal(input.lines, found.hauptforderung as FoundValue) ?? found.hauptforderung;
  // A settlement table (owed − paid = open per row) says by its arithmetic which figure is claimed.
  found.hauptforderung = openClaim(input.lines) ?? found.hauptforderung ?? null;
  // A sum row read under a claim label, or a claim row under no claim label: the table's arithmetic decides.
  claimBySumRows(input.lines, found, (['zinsen', 'mahngebuehren', 'inkassokosten'] as const).flatMap((n) => found[n]?.line ?? []));
  // A cost row whose figure OCR read without its comma, where only that reading adds up.
  commaDroppedParts(input.lines, found, { first: 'hauptforderung', parts: ['zinsen', 'mahngebuehren', 'inkassokosten'], total: 'gesamtforderung' }, SPECS);
  dropPartsEqualToTotal(found, { first: 'hauptforderung', parts: ['zinsen', 'mahngebuehren', 'inkassokosten'], total: 'gesamtforderung' });
  const summed = tableSumCheck(MAHN_RULE, input.lines, found, { first: 'hauptforderung', parts: ['zinsen', 'mahngebuehren', 'inkassokosten'], total: 'gesamtforderung' }, findKeyValues(input.lines, SPECS.gesamtforderung).filter((c) => totalOverMisreading(input.lines, c) === c), surcharge ? [{ label: 'Säumniszuschläge', value: surcharge.value, page: surcharge.page }] : []);
  if (summed) found.gesamtforderung = summed.total;
  if (!found.gesamtforderung && found.hauptforderung) found.gesamtforderung = costFreeTotal(input.lines, found);
  const rate = findInProse(input.texts, /(\d{1,2}(?:,\d{1,3})?)\s?%\s*(?:p\.\s?a\.|Zinsen|jährlich|pro Jahr)?/u);
  const points = findInProse(input.texts, BASIS_POINTS);
  const seit = findInProse(input.texts, new RegExp(String.raw`(?:Zinsen|verzinst|Verzug)[^\n]{0,40}?(?:seit|ab)(?: dem)?\s+(${DATE_SRC})`, 'u'));
  return {
    keyNumbers: withBreakdown(withLabelledAmounts(keyNumbersOf(MAHN_KEYS, found), summed?.labelled ?? [], MAHN_KEYS), input.lines),
    checks: summed ? [summed.check] : [],
    interestRows: interestRows(input.lines),
    entstehung: claimOrigin(input.lines, input.texts),
    zinssatz: rate && INTEREST_PRINTED.test(rate.match.input.slice(Math.max(0, rate.match.index - 80), rate.match.index + 40)) ? rate.value : null,
    zinsPunkte: points?.value ?? null,
    zinsenSeit: seit?.value ?? null,
  };
}

const SUBTOTAL = letterPattern('dunningSubtotal', '$W', '');
const COSTS = letterPattern('dunningCosts', '$W', '');
/** Printed prose: points over the base rate (the number captured). */
const BASIS_POINTS = new RegExp(String.raw`(\d{1,2}(?:,\d{1,2})?)\s*${printedWords('printed', 'basisRatePoints')}`, 'u');
/** Printed text (case-insensitive) naming interest. */
const INTEREST_PRINTED = new RegExp(printedWords('statement', 'interestStem'), 'i');
const MAIN_CLAIM = letterPattern('mainClaim', '$W', '');

/**
 * A claim made of several items (two open invoices; Geldbuße, Gebühr and Auslagen of an unpaid
 * fine; a bill and an instalment) is the Hauptforderung as their subtotal, not its first item:
 * the first row under a "Summe …" / "offener Gesamtbetrag" / "Rückstand" line that equals the
 * sum of the rows from the found item down to it, in the subtotal's column — the found item's own
 * column where the subtotal row prints a figure there (it may sum other columns beside it: an
 * authority's arrears table prints the late charges per tax right of the amounts), else its last
 * — with no interest or dunning cost among them. Under a label that names the Hauptforderung itself, only a subtotal
 * that costs still follow is taken.
 */
function claimSubtotal(lines: readonly TextLine[], h: FoundValue): FoundValue | null {
  const at = placeOf(lines, h.line);
  if (at < 0) return null;
  const specific = MAIN_CLAIM.test(foldGerman(h.label.line.cells.slice(h.label.first, h.label.last + 1).map((c) => c.text).join('')));
  const money = (l: TextLine) => l.cells.map((_, i) => figureAt(l, i)).filter((f): f is NonNullable<ReturnType<typeof figureAt>> => f?.kind === 'money');
  const own = money(h.line).find((f) => f.printed === h.value) ?? money(h.line).at(-1);
  for (let j = at + 1; j < Math.min(lines.length, at + 10) && lines[j]!.page === h.line.page; j++) {
    const l = lines[j]!;
    const figures = money(l);
    // In the found item's column where the subtotal row prints one there, else the row's last (the
    // item may have been read from a neighbouring column of the same row: invoiced beside open).
    const total = (own && figures.find((f) => Math.abs(f.x1 - own.x1) <= 4)) ?? figures.at(-1);
    if (!total) continue;
    const label = foldGerman(l.text.slice(0, l.text.indexOf(total.printed.split(' ')[0]!))).trim();
    if (COSTS.test(label)) return null;
    if (!SUBTOTAL.test(label)) continue;
    const items = lines.slice(at, j).map((r) => money(r).find((f) => Math.abs(f.x1 - total.x1) <= 4)).filter((f) => f !== undefined);
    if (items.length < 2 || items.reduce((a, f) => a + f!.cents!, 0) !== total.cents) return null;
    const costsFollow = lines.slice(j + 1, j + 4).some((r) => r.page === l.page && money(r).length > 0);
    if (specific && !costsFollow) return null;
    return { ...h, value: total.printed, page: l.page, line: l };
  }
  return null;
}

/**
 * A reminder that charges nothing beside the claim (a first Zahlungserinnerung, "kostenfrei")
 * demands the open amount itself: with no interest or cost found, the Hauptforderung is the
 * total — taken only where the letter prints that amount again on another line (the transfer
 * block's Betrag, the boxed "Offener Betrag"), so that the amount demanded is the claim.
 */
function costFreeTotal(lines: readonly TextLine[], found: Record<string, { value: string; page: number; line?: TextLine } | null>): { value: string; page: number; line?: TextLine } | null {
  const h = found.hauptforderung!;
  if (found.zinsen || found.mahngebuehren || found.inkassokosten) return null;
  const cents = centsOf(h.value);
  if (cents === null || cents === 0) return null;
  const printedOn = lines.filter((l) => l !== h.line && l.cells.some((_, i) => { const f = figureAt(l, i); return f?.kind === 'money' && f.cents === cents; }));
  return printedOn.length >= 2 ? { ...h } : null;
}

/** The rows summed into one of the reminder's key amounts, under their names (common/breakdown-rows.ts). */
function withBreakdown(keyNumbers: Record<string, KeyNumber>, lines: AnalysisInput['lines']): Record<string, KeyNumber> {
  const cents = new Set(Object.values(keyNumbers).map((k) => centsOf(k.value)).filter((c): c is number => c !== null));
  return withLabelledAmounts(keyNumbers, breakdownRows(lines, cents), MAHN_KEYS);
}
