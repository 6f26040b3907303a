/**
 * Key numbers of a payslip (SPEC §9). Labels follow the wording of German payroll software
 * (DATEV "Abrechnung der Brutto/Netto-Bezüge", Lexware, SAP, public-sector Bezügemitteilungen):
 * long and abbreviated forms ("Krankenversicherung", "KV-Beitrag", "KV-AN"), amounts right of
 * the label or below it in a header row.
 */
import type { Check, KeyNumber } from '../../../model/result.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { keyNumbersOf } from '../common/analysis-stage.js';
import { findInProse } from '../common/prose.js';
import { periodMonth } from '../common/period.js';
import { rowFigures, type RowFigure } from '../common/row-figures.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { centsOf, findKeyValue, findKeyValues, onlyAmountBelowLastHeader, type FoundValue, type LabelSpec } from '../common/values.js';
import { lohnChecks } from './checks.js';
import { slashPairedValue } from '../common/slash-pairs.js';
import { zeroFlatWageTax } from './flat-wage-tax.js';
import { sureTaxClass } from './tax-class.js';
import { payslipSumRows } from './sum-rows.js';
import { misreadContribution } from './ocr-contributions.js';
import { withLabelledAmounts } from '../common/labelled-amounts.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';

export const LOHN_KEYS = [
  'abrechnungszeitraum',
  'steuerklasse',
  'gesamtbrutto',
  'lohnsteuer',
  'solidaritaetszuschlag',
  'kirchensteuer',
  'krankenversicherung',
  'pflegeversicherung',
  'rentenversicherung',
  'arbeitslosenversicherung',
  'nettoverdienst',
  'auszahlungsbetrag',
] as const;

/** Lines about employer shares, annual totals or bases, not the employee's deduction of the month. */
const NOT_EMPLOYEE = letterPattern('notEmployeeShare', '$W', '');

/**
 * Soli / Kirchensteuer named inside another tax's line are not the employee's own deduction:
 * the employer's flat tax ("Pauschsteuer 2 % (inkl. Soli und KiSt)", "pauschale Lohnsteuer")
 * and any amount that merely includes them ("inkl.", "einschl.").
 */
const NOT_OWN_TAX = letterPattern('notOwnTax', '$W', '');

const SPECS: Record<(typeof LOHN_KEYS)[number], LabelSpec> = {
  abrechnungszeitraum: {
    labels: ['Abrechnungszeitraum', 'Abrechnungsmonat', 'Abrechnung für', 'Verdienstabrechnung', 'Gehaltsabrechnung', 'Entgeltabrechnung', 'Lohnabrechnung', 'Bezügemitteilung', 'Brutto/Netto-Bezüge für', 'Zeitraum', 'Monat'],
    kind: 'period',
    maxGap: 3,
  },
  steuerklasse: { labels: ['Steuerklasse', 'StKl', 'St.-Kl.', 'Stkl.'], kind: 'steuerklasse', maxGap: 1 },
  // Brutto/Netto + noun compounds are label variants of their own ("Bruttobezüge von 2.000,00 €",
  // "Nettobetrag", "Nettoentgelt"): findLabel matches whole words, so each compound is listed.
  gesamtbrutto: { labels: ['Gesamtbrutto', 'Gesamt-Brutto', 'Summe Bruttobezüge', 'Bruttobezüge gesamt', 'Bruttoverdienst', 'Summe Brutto', 'Brutto gesamt', 'Bruttobezüge', 'Bruttoentgelt', 'Bruttolohn', 'Bruttogehalt', 'Brutto'], kind: 'money', maxGap: 3, skipLine: letterPattern('cumulativeValue', '$W', '') },
  lohnsteuer: { labels: ['Lohnsteuer', 'LSt'], kind: 'money', maxGap: 2, skipLine: letterPattern('wageTaxOther', '$W', '') },
  solidaritaetszuschlag: { labels: ['Solidaritätszuschlag', 'Solidaritätszuschl.', 'SolZ', 'Soli'], kind: 'money', maxGap: 2, skipLine: NOT_OWN_TAX },
  kirchensteuer: { labels: ['Kirchensteuer', 'KiSt', 'Kirchenst.'], kind: 'money', maxGap: 3, skipLine: NOT_OWN_TAX },
  krankenversicherung: { labels: ['Krankenversicherung', 'KV-Beitrag', 'Krankenvers.', 'KV-AN', 'KV'], kind: 'money', maxGap: 3, skipLine: NOT_EMPLOYEE },
  pflegeversicherung: { labels: ['Pflegeversicherung', 'PV-Beitrag', 'Pflegevers.', 'PV-AN', 'PV'], kind: 'money', maxGap: 3, skipLine: NOT_EMPLOYEE },
  rentenversicherung: { labels: ['Rentenversicherung', 'RV-Beitrag', 'Rentenvers.', 'RV-AN', 'RV'], kind: 'money', maxGap: 3, skipLine: NOT_EMPLOYEE },
  arbeitslosenversicherung: { labels: ['Arbeitslosenversicherung', 'AV-Beitrag', 'Arbeitslosenvers.', 'AV-AN', 'AV', 'ALV'], kind: 'money', maxGap: 3, skipLine: NOT_EMPLOYEE },
  nettoverdienst: { labels: ['Nettoverdienst', 'Netto-Verdienst', 'gesetzliches Netto', 'Nettobezüge', 'Nettolohn', 'Nettogehalt', 'Nettoentgelt', 'Nettobetrag', 'Netto'], kind: 'money', maxGap: 3, skipLine: letterPattern('notNetPay', '$W', '') },
  auszahlungsbetrag: { labels: ['Auszahlungsbetrag', 'Überweisungsbetrag', 'Auszahlung', 'Zahlbetrag', 'ausgezahlter Betrag', 'Überweisung'], kind: 'money', maxGap: 4, skipLine: letterPattern('notPayout', '$W', '') },
};

/** A contribution row as printed: the amount, and the rate and base where the row prints them. */
export interface Contribution {
  amount: number;
  rate: number | null;
  base: number | null;
}

export interface LohnFacts {
  keyNumbers: Record<string, KeyNumber>;
  /** Per branch (kv, pv, rv, av): the row's rate and base; the SV bases printed apart (KV-Brutto, RV-Brutto). */
  contributions: Partial<Record<'kv' | 'pv' | 'rv' | 'av', Contribution>>;
  svBase: { kv: number | null; rv: number | null };
  checks: Check[];
  /** The net check failed on values read with confidence: every deduction row between gross and net was read as a key. */
  netCheckFailedConfidently: boolean;
  /** Printed hourly rate(s) and hours, for the minimum-wage check. */
  stundenlohn: string | null;
  stunden: string | null;
}

const BRANCHES = [['krankenversicherung', 'kv'], ['pflegeversicherung', 'pv'], ['rentenversicherung', 'rv'], ['arbeitslosenversicherung', 'av']] as const;

/** A tax class as printed: 1–6 or its Roman numeral. */
const isTaxClass = (v: string) => /^(?:[1-6]|I{1,3}|IV|VI?)$/u.test(v);

export function extractLohnKeyNumbers(input: AnalysisInput): LohnFacts {
  const found: Record<string, FoundValue | null> = {};
  for (const name of LOHN_KEYS) found[name] = findKeyValue(input.lines, SPECS[name]);
  // A Roman class of strokes that OCR read unsurely (`III` as `I`) is left out: tax-class.ts.
  // A head pairing labels and values by slashes (`StKl / Kfb / Konf.  1 / 0,0 / rk`): slash-pairs.ts.
  found.steuerklasse = sureTaxClass(input.lines, SPECS.steuerklasse) ?? slashPairedValue(input.lines, SPECS.steuerklasse.labels, isTaxClass);
  // A flat tax the employer bears leaves the employee's Lohnsteuer at 0,00 (flat-wage-tax.ts).
  found.lohnsteuer ??= zeroFlatWageTax(input.lines);
  // A payslip's head names its month even without a label ("Abrechnung geringfügige Beschäftigung - September 2025").
  found.abrechnungszeitraum ??= headMonth(input);
  found.abrechnungszeitraum = inWords(found.abrechnungszeitraum, input);
  found.auszahlungsbetrag ??= onlyAmountBelowLastHeader(input.lines, 'Auszahlungsbetrag');
  const baseOf = (labels: string[]) => centsOf(findKeyValue(input.lines, { labels, kind: 'money', maxGap: 3 })?.value);
  const shared = baseOf(['SV-Brutto', 'SV-Entgelt', 'beitragspflichtiges Entgelt', 'SV-pflichtiges Brutto']);
  const svBase = { kv: baseOf(['KV-Brutto', 'KV/PV-Brutto', 'KV-Entgelt']) ?? shared, rv: baseOf(['RV-Brutto', 'RV/AV-Brutto', 'RV-Entgelt']) ?? shared };
  // A rate OCR read as the amount, an amount misread by one confusable digit: left out (ocr-contributions.ts).
  const month = periodMonth(found.abrechnungszeitraum?.value);
  for (const [name, branch] of BRANCHES) {
    const f = found[name];
    const rowBase = f && f.line === f.label.line ? rowFigures(f.line, f.label.last + 1, input.lines).find((g) => g.kind === 'money' && g.role === 'base')?.cents : undefined;
    if (f && misreadContribution(f, branch, rowBase ?? (branch === 'rv' || branch === 'av' ? svBase.rv : svBase.kv), month, input.lines)) found[name] = null;
  }
  const checked = lohnChecks(input.lines, found, { gesamtbrutto: findKeyValues(input.lines, SPECS.gesamtbrutto), nettoverdienst: findKeyValues(input.lines, SPECS.nettoverdienst), auszahlungsbetrag: findKeyValues(input.lines, SPECS.auszahlungsbetrag) });
  const contributions: LohnFacts['contributions'] = {};
  for (const [name, branch] of BRANCHES) {
    const f = checked.found[name];
    const amount = centsOf(f?.value);
    if (!f || amount === null) continue;
    const figures = f.line === f.label.line ? rowFigures(f.line, f.label.last + 1, input.lines) : [];
    const base = figures.find((g) => g.kind === 'money' && g.role === 'base');
    contributions[branch] = { amount: Math.abs(amount), rate: printedRate(f.line, figures), base: base?.cents ?? null };
  }
  const rate = findKeyValue(input.lines, { labels: ['Stundenlohn', 'Std.-Lohn', 'Lohn je Stunde', 'Stundensatz'], kind: 'money', maxGap: 4 });
  const hours = findInProse(input.texts, HOURS);
  // Sums the slip prints of its own rows, under their labels (sum-rows.ts).
  const keyNumbers = withLabelledAmounts(keyNumbersOf(LOHN_KEYS, checked.found), payslipSumRows(input.lines), LOHN_KEYS);
  return { keyNumbers, contributions, svBase, checks: checked.checks, netCheckFailedConfidently: checked.failedConfidently, stundenlohn: rate?.value ?? null, stunden: hours?.value ?? null };
}

/**
 * The row's contribution rate: its first rate, and a rate printed as a sum of parts (`7,30 % +
 * 1,645 %`: the general rate plus the insurer's half of the Zusatzbeitrag) is the sum of the
 * parts joined by `+`. Null when the row prints no rate.
 */
function printedRate(line: TextLine, figures: readonly RowFigure[]): number | null {
  const rates = figures.filter((g) => g.kind === 'percent');
  if (rates.length === 0) return null;
  let sum = rates[0]!.value;
  for (let k = 1; k < rates.length; k++) {
    const between = line.cells.slice(rates[k - 1]!.index + rates[k - 1]!.used, rates[k]!.index).map((c) => c.text).join('');
    if (between !== '+') break;
    sum += rates[k]!.value;
  }
  return Math.round(sum * 1000) / 1000;
}

const MONTH_YEAR = new RegExp(String.raw`\b((?:${printedWords('printed', 'monthName')})\s+20\d{2})\b`, 'u');
/** Printed prose: a number of hours (captured) and its unit. */
const HOURS = new RegExp(String.raw`(\d{1,3}(?:,\d{1,2})?)\s*(?:${printedWords('printed', 'hoursUnit')})\b`, 'u');
/** Printed line text (case-insensitive): a month and year that is no pay period. */
const NOT_PERIOD = new RegExp(printedWords('statement', 'notPeriodLine'), 'i');

/**
 * The form the API answers a pay period in (issue 22, LB1): as printed, and where the slip prints
 * one month both in figures (`Abrechnungsmonat 10/2025`) and in words (`Brutto/Netto-Bezüge für
 * Oktober 2025`), in words — the form a reader names the month in, and the one every payslip
 * printing only words answers. Only the same month is taken: a month in figures with no worded
 * twin (`08/2025`), or a range of days, stays as printed.
 */
function inWords(period: FoundValue | null, input: AnalysisInput): FoundValue | null {
  if (!period || !/^(0?[1-9]|1[0-2])[/.](19|20)\d{2}$/.test(period.value)) return period;
  const worded = headMonth(input);
  const [a, b] = [periodMonth(period.value), periodMonth(worded?.value)];
  return worded && a && b && a.year === b.year && a.month === b.month ? worded : period;
}

/**
 * The first "<Monat> <Jahr>" among the first lines of page 1 (the payslip's head), as printed.
 * A word that makes a month no pay period (`Eintritt`, `seit`, `gültig ab`) stands before it on
 * its line (also across a gap: `Eintrittsdatum      Januar 2020`); words after it (`erstellt am
 * 16.02.2026` in the head's right column) say nothing about it.
 */
function headMonth(input: AnalysisInput): FoundValue | null {
  const head = input.lines.filter((l) => l.page === input.lines[0]?.page).slice(0, 14);
  for (const line of head) {
    const m = MONTH_YEAR.exec(line.text);
    if (!m) continue;
    const first = line.cells.findIndex((c) => m[1]!.startsWith(c.text));
    if (first < 0 || NOT_PERIOD.test(line.cells.slice(0, first + 2).map((c) => c.text).join(' '))) continue;
    const hit = { line, first, last: first + 1, x0: line.cells[first]!.bbox.x, x1: line.cells[first + 1]?.bbox.x ?? line.x1 };
    return { value: m[1]!, page: line.page, line, label: hit };
  }
  return null;
}
