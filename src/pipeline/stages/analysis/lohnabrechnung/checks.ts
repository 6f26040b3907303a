/**
 * The identities of a payslip (SPEC §9 `analysis.checks`):
 * - gesamtbrutto − Steuern − Sozialversicherung = nettoverdienst, with the deductions read as
 *   key numbers, or — where the payslip prints more deduction rows than the key numbers name
 *   (a separate Zusatzbeitrag, a Kinderlosenzuschlag, an Umlage) — with every deduction row
 *   printed between the gross and the net line;
 * - nettoverdienst ± Be-/Abzüge = auszahlungsbetrag, with the rows printed between the two.
 * The readings of gross and net are chosen so that the first identity holds where one does (a
 * year-to-date Brutto or a second Netto line is not the month's).
 */
import { foldGerman } from '../../../layout/fold.js';
import type { TextLine } from '../../../layout/text-lines.js';
import type { Check } from '../../../model/result.js';
import { bestReading, sumCheck, type Term } from '../common/checks.js';
import { rowsBetween } from '../common/table-sum.js';
import { centsOf, type FoundValue } from '../common/values.js';
import { isBetween } from '../common/line-order.js';
import { columnReadings } from './column-readings.js';
import { letterPattern, letterWords } from '../../../layout/letter-words.js';

const DEDUCTIONS = ['lohnsteuer', 'solidaritaetszuschlag', 'kirchensteuer', 'krankenversicherung', 'pflegeversicherung', 'rentenversicherung', 'arbeitslosenversicherung'] as const;
export const NET_RULE = 'gesamtbrutto − abzüge = nettoverdienst';
export const PAYOUT_RULE = 'nettoverdienst ± be-/abzüge = auszahlungsbetrag';

/** A deduction row between gross and net: a tax or a social-insurance contribution, not a subtotal. Folded text; the lexicon folds `Steuer` to `steur` when it compiles the pattern. */
const DEDUCTION_ROW = new RegExp(String.raw`${letterWords('deductionRow')}|\b(${letterWords('deductionAbbrev')})\b`);
const SUBTOTAL = letterPattern('payslipSubtotal', '$W', '');
/**
 * A line that starts with a base (`Steuer-Brutto 2.656,96  SV-Brutto 2.656,96`, `Bemessungsgrundlage`):
 * what taxes and contributions are computed on, printed between gross and deductions — no
 * deduction, though its label names a tax. Folded text.
 */
const BASE_ROW = letterPattern('headerBase', '^(?:$W)', '');
/** A deduction row between gross and net (folded text): a tax or contribution, no subtotal, no base. */
const isDeductionRow = (folded: string): boolean => DEDUCTION_ROW.test(folded) && !SUBTOTAL.test(folded) && !BASE_ROW.test(folded.trim());
/** A row between net and payout that adds to the net (`+` printed, or its wording). */
const ADDITION = letterPattern('payslipAddition', String.raw`$W|\+`, '');

function netTerms(found: Record<string, FoundValue | null>): Term[] {
  return DEDUCTIONS.filter((n) => found[n]).map((n) => ({ name: n, printed: found[n]!.value, sign: -1 as const }));
}

export function lohnChecks(
  lines: readonly TextLine[],
  first: Record<string, FoundValue | null>,
  candidates: { gesamtbrutto: FoundValue[]; nettoverdienst: FoundValue[]; auszahlungsbetrag?: FoundValue[] },
): { found: Record<string, FoundValue | null>; checks: Check[]; failedConfidently: boolean } {
  let found = { ...first };
  const checks: Check[] = [];
  let failedConfidently = false;
  // Deduction rows with several candidate columns: one reading per column, judged by the net check.
  const columns = columnReadings(found, DEDUCTIONS, lines);
  const netOf = (pick: Record<string, FoundValue>, deductions: Term[]) => sumCheck(NET_RULE, [{ name: 'gesamtbrutto', printed: pick.gesamtbrutto!.value, sign: 1 }, ...deductions], { name: 'nettoverdienst', printed: pick.nettoverdienst!.value });
  let judged = false;
  if (found.gesamtbrutto && found.nettoverdienst && netTerms(found).length > 0) {
    const lists = { gesamtbrutto: [found.gesamtbrutto, ...candidates.gesamtbrutto.filter((c) => c !== found.gesamtbrutto)], nettoverdienst: [found.nettoverdienst, ...candidates.nettoverdienst.filter((c) => c !== found.nettoverdienst)] };
    for (const reading of columns.disputed.length > 0 ? columns.readings : [{}]) {
      const trial = { ...found, ...reading };
      const deductions = netTerms(trial);
      const pick = bestReading(lists, (p) => netOf(p, deductions)?.holds === true);
      if (!pick) continue;
      found = { ...trial, gesamtbrutto: pick.gesamtbrutto!, nettoverdienst: pick.nettoverdienst! };
      checks.push(netOf(pick, deductions)!);
      judged = true;
      break;
    }
  }
  if (!judged && columns.disputed.length > 0) {
    // No column adds up (or there is nothing to add up against): a disputed value is not tied to
    // the letter's arithmetic, so it is left out rather than reported from a column picked blind.
    for (const name of columns.disputed) found[name] = null;
  } else if (!judged && found.gesamtbrutto && found.nettoverdienst && netTerms(found).length > 0) {
    const deductions = netTerms(found);
    {
      const keyCheck = netOf({ gesamtbrutto: found.gesamtbrutto, nettoverdienst: found.nettoverdienst }, deductions)!;
      // Every deduction row printed between gross and net, when the key numbers do not add up.
      const rows = (rowsBetween(lines, found.gesamtbrutto.line, found.nettoverdienst.line, { maxRows: 40 }) ?? []).filter((r) => r.line !== found.gesamtbrutto!.line && isDeductionRow(foldGerman(r.label)));
      const rowCheck = rows.length > 0 ? sumCheck(NET_RULE, [{ name: 'gesamtbrutto', printed: found.gesamtbrutto.value, sign: 1 }, ...rows.map((r) => ({ name: r.label, printed: r.printed, sign: -1 as const }))], { name: 'nettoverdienst', printed: found.nettoverdienst.value }) : null;
      if (rowCheck?.holds) checks.push(rowCheck);
      else {
        // Reported failing only when no deduction line between gross and net went unread (OCR may
        // have taken a row's amount: then the sum is incomplete, not wrong).
        const keyLineSet = new Set(DEDUCTIONS.map((n) => found[n]?.line).filter(Boolean).map((l) => `${l!.page}:${l!.index}`));
        const g = found.gesamtbrutto.line;
        const n = found.nettoverdienst.line;
        const unread = lines.some((l) => isBetween(l, g, n) && !keyLineSet.has(`${l.page}:${l.index}`) && /\d/.test(l.text) && isDeductionRow(foldGerman(l.text)) && !rows.some((r) => r.line.page === l.page && r.line.index === l.index));
        if (!unread) checks.push(keyCheck);
        // Confident only when the rows between gross and net are exactly the deductions read.
        const keyLines = new Set(DEDUCTIONS.map((n) => found[n]?.line).filter(Boolean));
        // And only on plausible readings: no single deduction reaching half the gross, all of them below it.
        const gross = Math.abs(centsOf(found.gesamtbrutto.value) ?? 0);
        const sizes = deductions.map((d) => Math.abs(centsOf(d.printed) ?? 0));
        const plausible = sizes.every((c) => c < gross / 2) && sizes.reduce((a, b) => a + b, 0) < gross;
        failedConfidently = !unread && plausible && found.lohnsteuer !== null && found.lohnsteuer !== undefined && deductions.length >= 2 && rows.every((r) => keyLines.has(r.line));
      }
    }
  }
  // The payout reading the net-to-payout rows account for, where the first one is not tied to them
  // (a heading "Netto und Auszahlung" over the gross line must not lend the gross to the payout).
  let payout = payoutCheck(lines, found);
  if (!payout) {
    for (const other of candidates.auszahlungsbetrag ?? []) {
      if (other === found.auszahlungsbetrag || other.value === found.auszahlungsbetrag?.value) continue;
      const check = payoutCheck(lines, { ...found, auszahlungsbetrag: other });
      if (!check?.holds) continue;
      found.auszahlungsbetrag = other;
      payout = check;
      break;
    }
  }
  if (payout) checks.push(payout);
  return { found, checks, failedConfidently };
}

/** Net to payout: equal, or the rows printed between them (Nettobe-/abzüge) account for the difference. */
function payoutCheck(lines: readonly TextLine[], found: Record<string, FoundValue | null>): Check | null {
  const net = found.nettoverdienst;
  const pay = found.auszahlungsbetrag;
  if (!net || !pay) return null;
  const total = { name: 'auszahlungsbetrag', printed: pay.value };
  const netTerm: Term = { name: 'nettoverdienst', printed: net.value, sign: 1 };
  if (centsOf(net.value) === centsOf(pay.value)) return sumCheck(PAYOUT_RULE, [netTerm], total);
  const rows = (rowsBetween(lines, net.line, pay.line, { maxRows: 30 }) ?? []).filter((r) => r.line !== net.line && !SUBTOTAL.test(foldGerman(r.label)));
  if (rows.length === 0) return null;
  // Printed signs, else the wording; a row without either is a deduction (Nettoabzüge are the common case).
  const signed = rows.map((r) => ({ name: r.label, printed: r.printed, sign: (r.cents < 0 || r.sign < 0 || !ADDITION.test(foldGerman(r.label)) ? -1 : 1) as 1 | -1 }));
  const check = sumCheck(PAYOUT_RULE, [netTerm, ...signed], total);
  // Only a reading that adds up is reported: rows between net and payout may be notes, not amounts.
  if (check?.holds) return check;
  // A block computed after the net (the Kurzarbeitergeld from the two rechnerische Leistungssätze,
  // the garnishable amount from the net less the unpfändbare parts) prints its working rows above
  // its result: the block ends in the one row that is paid or deducted, so the last row alone is
  // tried — still only reported when it accounts for the difference to the cent.
  const last = signed[signed.length - 1]!;
  if (signed.length < 2) return null;
  const result = sumCheck(PAYOUT_RULE, [netTerm, last], total);
  return result?.holds ? result : null;
}
