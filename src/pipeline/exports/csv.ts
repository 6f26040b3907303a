import { stringify } from 'csv-stringify/sync';
import { formatGermanAmount } from '../../domain/money.js';
import type { AccountRecord, PostingRecord } from '../model/result.js';
import { decimalToCents } from './decimal-amount.js';
import { oneLine } from './text-limits.js';

/**
 * The postings as a spreadsheet reads them in Germany: UTF-8 with BOM (Excel needs it to see
 * umlauts), `;` between fields, CRLF, German amounts (`-1.234,56`) and dates (`31.01.2026`),
 * German headers, one row per posting with every field of SPEC §8a. Quoting per RFC 4180 by
 * csv-stringify. A statement that does not reconcile shows `nein` in `Abgestimmt` on each of its
 * rows (a note line above the header would break importers). Text cells that a spreadsheet
 * would run as a formula (leading `=`, `+`, `-`, `@`, tab, CR) get a leading apostrophe (OWASP
 * "CSV injection"); the amount column is exempt: it is a number we wrote, `-` is its sign.
 */
export const CSV_HEADERS = [
  'Konto (IBAN)',
  'Buchungstag',
  'Valuta',
  'Betrag',
  'Währung',
  'Zahlungsbeteiligter',
  'IBAN Zahlungsbeteiligter',
  'BIC Zahlungsbeteiligter',
  'Abweichender Beteiligter',
  'Typ',
  'Buchungsart',
  'Verwendungszweck',
  'End-to-End-Referenz',
  'Mandatsreferenz',
  'Gläubiger-ID',
  'Kundenreferenz',
  'Buchungstext',
  'ID',
  'Seite',
  'Belegt',
  'Abgestimmt',
] as const;

const FORMULA_START = /^[=+\-@\t\r]/u;

/** A text cell as a spreadsheet may open it safely. */
export function spreadsheetSafe(value: string | null | undefined): string {
  const t = oneLine(value);
  return FORMULA_START.test(t) ? `'${t}` : t;
}

const germanDate = (iso: string | null): string => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

function row(a: AccountRecord, p: PostingRecord): string[] {
  const cp = p.counterparty;
  const r = p.references;
  const cells = {
    iban: spreadsheetSafe(a.iban),
    booking: germanDate(p.booking_date),
    value: germanDate(p.value_date),
    amount: formatGermanAmount(decimalToCents(p.amount)),
    rest: [
      p.currency,
      cp.name,
      cp.iban,
      cp.bic,
      cp.ultimate,
      p.type,
      p.type_text,
      p.purpose,
      r.end_to_end_id,
      r.mandate_id,
      r.creditor_id,
      r.customer_reference,
      p.text,
      p.id,
    ].map(spreadsheetSafe),
  };
  return [cells.iban, cells.booking, cells.value, cells.amount, ...cells.rest, String(p.evidence.page), p.evidence.verified, a.reconciled ? 'ja' : 'nein'];
}

export function renderCsv(accounts: AccountRecord[]): string {
  const rows = accounts.flatMap((a) => a.postings.map((p) => row(a, p)));
  return stringify([[...CSV_HEADERS], ...rows], { delimiter: ';', record_delimiter: 'windows', bom: true });
}
