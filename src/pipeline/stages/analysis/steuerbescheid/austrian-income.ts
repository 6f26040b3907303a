/**
 * The taxable income of an Austrian income-tax assessment. Austrian law taxes the `Einkommen`
 * itself (§ 2 Abs. 2 EStG 1988: income after Sonderausgaben and außergewöhnliche Belastungen; the
 * tariff of § 33 Abs. 1 applies to it), so its notice prints no `zu versteuerndes Einkommen`: the
 * row `Einkommen` is the SPEC key. In a German notice the `Einkommen` comes before the Freibeträge
 * and is not the taxable income, so the label is read only on a notice that cites Austrian tax
 * law or its authority (the EStG of 1988, the BAO, the Finanzamt Österreich, FinanzOnline).
 */
import type { TextLine } from '../../../layout/text-lines.js';
import { proseHas, type PageText } from '../common/prose.js';
import { findKeyValue, type FoundValue } from '../common/values.js';

/** Printed marks of an Austrian tax notice. */
const AUSTRIAN = /\bEStG 1988\b|\bBAO\b|\bBundesabgabenordnung\b|Finanzamt Österreich|\bFinanzOnline\b/u;

export function austrianIncome(lines: readonly TextLine[], texts: readonly PageText[]): FoundValue | null {
  if (!proseHas(texts, AUSTRIAN)) return null;
  return findKeyValue(lines, { labels: ['Einkommen'], kind: 'money', maxGap: 1, rightOnly: true });
}
