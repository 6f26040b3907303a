/**
 * Key numbers of a tax assessment (SPEC §9). Labels follow the wording of Finanzamt notices
 * (ELSTER/KONSENS print and older layouts): the Festsetzung table (tax types as column headers,
 * amounts below), the Berechnung of the taxable income, and the Abrechnung (Erstattung /
 * Nachzahlung, also "verbleibende Beträge", "Guthaben", "Restschuld").
 */
import type { Check, KeyNumber } from '../../../model/result.js';
import type { TextLine } from '../../../layout/text-lines.js';
import { STEUER_RULE, steuerChecks } from './checks.js';
import { taxColumnsResult } from './tax-columns.js';
import { setAmounts } from './set-amounts.js';
import { fixedRowColumns } from './fixed-row-columns.js';
import { negativeAssessment } from './negative-assessment.js';
import { austrianIncome } from './austrian-income.js';
import { withLabelledAmounts, type LabelledAmount } from '../common/labelled-amounts.js';
import { foldGerman } from '../../../layout/fold.js';
import type { AnalysisInput } from '../common/analysis-stage.js';
import { keyNumbersOf } from '../common/analysis-stage.js';
import { letterDate } from '../common/dates.js';
import { findInProse, DATE_SRC, MONEY_SRC } from '../common/prose.js';
import { figureAt } from '../common/row-figures.js';
import { termOfSumBelow } from '../common/table-sum.js';
import { centsOf, findKeyValue, type FoundValue, type LabelSpec } from '../common/values.js';
import { placeOf } from '../common/line-order.js';
import { abrechnungResult } from './abrechnung-result.js';
import { letterPattern, printedWords } from '../../../layout/letter-words.js';

export const STEUER_KEYS = [
  'steuerjahr',
  'bescheiddatum',
  'zu_versteuerndes_einkommen',
  'festgesetzte_einkommensteuer',
  'solidaritaetszuschlag',
  'kirchensteuer',
  'erstattung',
  'nachzahlung',
] as const;

/** Lines that name a tax without being its amount (Vorauszahlungen, bereits gezahlt, Bemessungsgrundlage). */
const NOT_FESTSETZUNG = letterPattern('notFixing', '$W', '');
/** Printed prose: the year an assessment is for, after its noun (captured). */
const TAX_YEAR = new RegExp(String.raw`(?:${printedWords('printed', 'taxYearNoun')})\s+(?:für\s+(?:das\s+(?:Jahr|Kalenderjahr)\s+)?)?((?:19|20)\d{2})\b(?![.,]\d)`, 'u');

const SPECS: Record<Exclude<(typeof STEUER_KEYS)[number], 'bescheiddatum'>, LabelSpec> = {
  steuerjahr: { labels: ['Veranlagungszeitraum', 'Bescheid für', 'Kalenderjahr', 'Steuerjahr', 'Einkommensteuerbescheid für', 'Einkommensteuerbescheid', 'für das Jahr'], kind: 'year', rightOnly: false, maxGap: 2 },
  zu_versteuerndes_einkommen: { labels: ['zu versteuerndes Einkommen', 'zu versteuernde Einkommen', 'zu verst. Einkommen', 'zvE'], kind: 'money', maxGap: 3 },
  festgesetzte_einkommensteuer: {
    labels: ['festgesetzte Einkommensteuer', 'Einkommensteuer festgesetzt', 'festzusetzende Einkommensteuer', 'festgesetzt werden', 'Festsetzung Einkommensteuer', 'Einkommensteuer'],
    kind: 'money',
    skipLine: NOT_FESTSETZUNG,
    maxGap: 3,
  },
  solidaritaetszuschlag: { labels: ['festgesetzter Solidaritätszuschlag', 'Solidaritätszuschlag', 'Solidaritätszuschl.', 'SolZ'], kind: 'money', skipLine: NOT_FESTSETZUNG, maxGap: 3 },
  // The besonderes Kirchgeld (a member whose spouse belongs to no church) is the church tax set in
  // its place; tried last, after every Kirchensteuer label.
  kirchensteuer: { labels: ['festgesetzte Kirchensteuer', 'festgesetzte Kircheneinkommensteuer', 'Kirchensteuer', 'Kircheneinkommensteuer', 'KiSt', 'besonderes Kirchgeld'], kind: 'money', skipLine: NOT_FESTSETZUNG, maxGap: 4 },
  erstattung: { labels: ['Erstattungsbetrag', 'Erstattung', 'zu erstatten', 'erstattet', 'Guthaben'], kind: 'money', maxGap: 4 },
  nachzahlung: { labels: ['Nachzahlung', 'nachzuzahlen', 'Abschlusszahlung', 'Restschuld', 'zu zahlender Betrag', 'noch zu zahlen'], kind: 'money', maxGap: 4 },
};

export interface SteuerFacts {
  keyNumbers: Record<string, KeyNumber>;
  checks: Check[];
  /** "zahlen Sie bis zum …" printed for a Nachzahlung. */
  faelligkeit: string | null;
}

/** A payment date in prose (`bis zum …`, `fällig am …`); on the amount's own line also capitalised (`Bis zum …`). */
const DUE_SRC = String.raw`(?:bis zum|bis spätestens|spätestens (?:am|bis)|fällig am|bis)\s+(${DATE_SRC})`;
const DUE = new RegExp(DUE_SRC, 'u');
const DUE_ON_LINE = new RegExp(DUE_SRC, 'iu');

export function extractSteuerKeyNumbers(input: AnalysisInput): SteuerFacts {
  const found: Record<string, { value: string; page: number; line?: TextLine } | null> = {};
  for (const [name, spec] of Object.entries(SPECS)) found[name] = findKeyValue(input.lines, spec);
  // The festsetzung column "Einkommensteuer" must not be read as Soli/KiSt and vice versa: when
  // two keys share a value position, keep the one whose label was most specific (found first).
  found.bescheiddatum = letterDate(input.lines, input.texts, ['Bescheiddatum', 'Datum des Bescheids', 'Ausfertigungsdatum', 'Datum']);
  if (!found.steuerjahr) {
    const y = findInProse(input.texts, TAX_YEAR);
    if (y) found.steuerjahr = { value: y.value, page: y.page };
  }
  for (const name of ['zu_versteuerndes_einkommen', 'festgesetzte_einkommensteuer', 'solidaritaetszuschlag', 'kirchensteuer'] as const) {
    const f = found[name];
    if (f && 'label' in f) found[name] = currentColumn(input.lines, f as FoundValue) ?? f;
  }
  for (const name of ['erstattung', 'nachzahlung'] as const) {
    const f = found[name];
    if (f && 'label' in f) found[name] = columnTotal(input.lines, f as FoundValue) ?? rowTotal(input.lines, f as FoundValue) ?? f;
    // A result ends the letter's arithmetic: a row that adds up with others to a total printed
    // below it is a part (an asset of an estate labelled "Guthaben"), never the refund or the
    // amount due — left out rather than reported under the result's name.
    const g = found[name];
    if (g?.line && termOfSumBelow(input.lines, g.line, (l) => RESULT.test(foldGerman(l.text)))) found[name] = null;
  }
  // Notices also state the refund as a sentence with the amount before the verb ("Der Betrag von
  // insgesamt 829,44 € wird Ihnen erstattet / auf Ihr Konto überwiesen"), which the label–value
  // finder (values right of or below a label) cannot see.
  if (!found.erstattung && !found.nachzahlung) {
    const refund = findInProse(input.texts, new RegExp(String.raw`(${MONEY_SRC})\s+(?:wird|werden)\s+(?:Ihnen\s+)?(?:\S+\s+){0,2}?(?:erstattet|zurückerstattet|ausgezahlt)`, 'u'));
    if (refund) found.erstattung = { value: refund.value, page: refund.page };
  }
  found.zu_versteuerndes_einkommen ??= austrianIncome(input.lines, input.texts);
  // A tax fixed below zero is the balance after crediting: the refund, where its rows add up (negative-assessment.ts).
  let ownCheck: Check | null = null;
  if (!found.erstattung && !found.nachzahlung) {
    const negative = negativeAssessment(input.lines, found.festgesetzte_einkommensteuer ?? null, STEUER_RULE);
    if (negative) {
      found.festgesetzte_einkommensteuer = negative.tax;
      found.erstattung = negative.refund;
      ownCheck = negative.check;
    }
  }
  // A Festsetzung with the taxes as columns: the result printed below it, taken only where the
  // table's rows add up to it (tax-columns.ts); its check is the one reported. Where the result
  // was already read under its label (`zu erstatten 453,60 €`) with the same amount, the value
  // stays as read, and the table's check stands in for the general one where that does not hold
  // (it may take the `bisher festgesetzt` row for the fixed tax): the reading that closes wins.
  let columnsCheck: Check | null = null;
  let columnsFallback: Check | null = null;
  let columnLines: readonly TextLine[] = [];
  const columns = taxColumnsResult(input.lines, STEUER_RULE);
  if (columns && !found.erstattung && !found.nachzahlung) {
    found[columns.name] = { value: columns.value, page: columns.page, line: columns.line };
    columnsCheck = columns.check;
    columnLines = columns.columnLines;
  } else if (columns && centsOf(found[columns.name]?.value) === centsOf(columns.value)) {
    columnsFallback = columns.check;
    columnLines = columns.columnLines;
  }
  // An Abrechnung whose result row no SPEC label names (`verbleibende Steuer`), taken where its
  // rows add up to it, with what it adds and the sum to pay (abrechnung-result.ts).
  const remainder = !found.erstattung && !found.nachzahlung ? abrechnungResult(input.lines) : null;
  if (remainder) found.nachzahlung = remainder.key;
  const renamed = [...otherTaxSet(input.lines, found), ...(remainder?.demanded ?? [])];
  // The due date: on the Nachzahlung's own line first (`Bis zum 12.01.2026 sind zu zahlen 662,80`),
  // else the first in the prose (a filing deadline cited later is no due date).
  const own = found.nachzahlung?.line ? DUE_ON_LINE.exec(found.nachzahlung.line.text) : null;
  const faellig = own ? { value: own[1]! } : findInProse(input.texts, DUE);
  return { keyNumbers: withLabelledAmounts(keyNumbersOf(STEUER_KEYS, found), [...renamed, ...setAmounts(input.lines).filter((a) => !columnLines.includes(a.line)), ...fixedRowColumns(input.lines)], STEUER_KEYS), checks: ownCheck ? [ownCheck] : columnsCheck ? [columnsCheck] : closingChecks(steuerChecks(input.lines, found), columnsFallback), faelligkeit: found.nachzahlung && faellig ? faellig.value : null };
}

/** The general checks, or the tax-columns table's check where one of them fails and that one holds. */
function closingChecks(general: Check[], columns: Check | null): Check[] {
  return columns && general.some((c) => !c.holds) ? [columns] : general;
}

/** The result row of an assessment (verbleibende Steuer, Nachzahlung, Erstattung). Folded text. */
const RESULT = letterPattern('taxResult', '$W', '');
const INCOME_TAX = letterPattern('steuerbescheidSignalEinkommensteuer', '$W', '');
const OTHER_TAX = letterPattern('otherTaxNoun', '$W', '');
const CURRENCY = new RegExp(`^(${printedWords('statement', 'currencyWord')})$`, 'i');

/**
 * A set tax is named by the tax the letter names (SPEC's names are a minimum): where the
 * income-tax key was read under a label that names no tax (`Festgesetzt werden`) from a column
 * whose header names another tax (`Umsatzsteuer | Verspätungszuschlag | insgesamt`), the value is
 * not income tax. It leaves that key and is reported under the header's name instead
 * (`festgesetzte_umsatzsteuer`). Mutates `found`; returns the renamed amount, or none.
 */
function otherTaxSet(lines: readonly TextLine[], found: Record<string, { value: string; page: number; line?: TextLine } | null>): LabelledAmount[] {
  const f = found.festgesetzte_einkommensteuer;
  if (!f || !('label' in f)) return [];
  const hit = (f as FoundValue).label;
  const label = foldGerman(hit.line.cells.slice(hit.first, hit.last + 1).map((c) => c.text).join(' '));
  if (INCOME_TAX.test(label) || !f.line) return [];
  const figure = f.line.cells.map((_, i) => figureAt(f.line!, i)).find((g) => g?.kind === 'money' && g.printed === f.value);
  if (!figure) return [];
  const at = placeOf(lines, f.line);
  for (let k = at - 1; k >= Math.max(0, at - 6); k--) {
    const above = lines[k]!;
    if (above.page !== f.line.page || above.cells.some((_, i) => figureAt(above, i)?.kind === 'money')) return [];
    // A unit row under the header (`EUR | EUR | EUR`) is passed over.
    const cell = above.cells.find((c) => c.bbox.x <= figure.x1 + 6 && c.bbox.x + c.bbox.width >= figure.x0 - 6 && /\p{L}{3}/u.test(c.text) && !CURRENCY.test(c.text));
    if (!cell) continue;
    const name = foldGerman(cell.text);
    if (INCOME_TAX.test(name) || !OTHER_TAX.test(name)) return [];
    found.festgesetzte_einkommensteuer = null;
    return [{ label: `festgesetzte ${cell.text}`, value: f.value, page: f.page }];
  }
  return [];
}

/**
 * A result column (Erstattung, Nachzahlung) headed once over one row per tax: the key is the
 * column's total, printed below the rows ("Zu Ihren Gunsten 1.074,46 €"), not its first row.
 * Found as a money value within six lines below the column that equals the sum of its rows.
 */
function columnTotal(lines: readonly TextLine[], f: FoundValue): FoundValue | null {
  if (f.line === f.label.line) return null;
  const at = placeOf(lines, f.line);
  if (at < 0) return null;
  const inColumn = (l: TextLine) => l.cells.map((_, k) => figureAt(l, k)).find((g) => g?.kind === 'money' && g.x1 >= f.label.x0 - 8 && g.x0 <= f.label.x1 + 8);
  let sum = 0;
  let rows = 0;
  let i = at;
  for (; i < lines.length && lines[i]!.page === f.line.page; i++) {
    const g = inColumn(lines[i]!);
    if (!g) break;
    sum += Math.abs(g.cents!);
    rows++;
  }
  if (rows < 2) return null;
  for (let j = i; j < Math.min(lines.length, i + 6) && lines[j]!.page === f.line.page; j++) {
    const l = lines[j]!;
    for (let k = 0; k < l.cells.length; k++) {
      const g = figureAt(l, k);
      if (g?.kind === 'money' && Math.abs(g.cents!) === sum) return { ...f, value: g.printed, page: l.page, line: l };
    }
  }
  return null;
}

/**
 * A result row with the taxes as columns (`noch zu erstatten | 644,00 | 0,00 | 57,96`) states the
 * result per tax; the amount paid out or due is their total, printed below it (`Insgesamt zu
 * erstatten 701,96 €`). Taken only where a money value within four lines below equals the sum of
 * the row's amounts — the letter's own arithmetic ties the total to the row.
 */
function rowTotal(lines: readonly TextLine[], f: FoundValue): FoundValue | null {
  if (f.line !== f.label.line) return null;
  const figures = f.line.cells.map((_, k) => figureAt(f.line, k)).filter((g) => g?.kind === 'money' && g.cents !== null && g.x0 > f.label.x1);
  if (figures.length < 2) return null;
  const sum = figures.reduce((a, g) => a + Math.abs(g!.cents!), 0);
  const at = placeOf(lines, f.line);
  if (at < 0 || sum === 0) return null;
  for (let j = at + 1; j < Math.min(lines.length, at + 5) && lines[j]!.page === f.line.page; j++) {
    const l = lines[j]!;
    for (let k = 0; k < l.cells.length; k++) {
      const g = figureAt(l, k);
      if (g?.kind === 'money' && Math.abs(g.cents!) === sum) return { ...f, value: g.printed, page: l.page, line: l };
    }
  }
  return null;
}

/** A column header naming the value now in force beside the earlier one (bisher | neu | Unterschied). */
const CURRENT_HEADER = /^(neu|neue festsetzung|geändert|jetzt)$/u;

/**
 * A changed notice compares in a table (`Festsetzung | bisher | neu | Unterschied`): the value in
 * force is the one under the `neu`/`geändert` header, not the row's first figure. Taken from the
 * header line directly above the table's rows (at most six rows up, no figure on it), where the
 * key's own line prints a number under that header.
 */
function currentColumn(lines: readonly TextLine[], f: FoundValue): FoundValue | null {
  const at = placeOf(lines, f.line);
  for (let k = at - 1; k >= Math.max(0, at - 6); k--) {
    const above = lines[k]!;
    if (above.page !== f.line.page) return null;
    if (/\d/.test(above.text)) continue;
    const head = above.cells.find((c) => CURRENT_HEADER.test(foldGerman(c.text).trim()));
    if (!head) return null;
    const x0 = head.bbox.x - 6;
    const x1 = head.bbox.x + head.bbox.width + 6;
    const cell = f.line.cells.find((c) => /^-?[\d.]+(,\d{2})?$/u.test(c.text.trim()) && c.bbox.x + c.bbox.width >= x0 && c.bbox.x <= x1);
    return cell && cell.text.trim() !== f.value ? { ...f, value: cell.text.trim() } : null;
  }
  return null;
}
