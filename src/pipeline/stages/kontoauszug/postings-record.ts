import { toIso } from '../../../domain/german-dates.js';
import { centsToDecimal } from '../../../domain/money.js';
import { pageGeometry } from '../../layout/evidence-box.js';
import type { LoadedDocument } from '../../model/document.js';
import type { AccountRecord, BalanceRecord, PostingRecord } from '../../model/result.js';
import type { AccountResult } from './account.js';
import { counterpartyAccount } from './counterparty-account.js';
import { balanceEvidence, postingEvidence } from './evidence.js';
import { postingIds } from './posting-id.js';
import { postingType } from './posting-type.js';
import { postingPurpose } from './purpose.js';
import { postingReferences } from './references.js';
import { ultimateParty } from './ultimate-party.js';
import type { FullDate } from './year.js';

/**
 * An account as accounting data (SPEC §8a `accounts[]`): the engine's reading of one account
 * (account.ts) → its record with every posting's dates, decimal amount, counterparty, type,
 * purpose, references, whole text, stable id and evidence, and its balances with theirs. The
 * seed's `tables` and `statement` are built from the same reading and stay as they are; the
 * postings are exactly the table's rows, in the same order.
 */
const iso = (d: FullDate | null): string | null => (d ? toIso(d) : null);

export function toAccountRecords(accounts: readonly (AccountResult & { bic: string | null; holder: string | null })[], doc: LoadedDocument): AccountRecord[] {
  const pages = pageGeometry(doc);
  return accounts.map((a) => {
    const currency = a.info.currency;
    const reconciled = a.info.reconciled;
    const drafts = a.postings.map((f) => {
      const lines = f.text.lines.filter((l) => l !== '');
      const { references, remittance } = postingReferences(f.text.textLines.filter((l) => l !== ''));
      const name = f.text.counterparty.trim() === '' ? null : f.text.counterparty.trim();
      const whole = lines.join(' ').replace(/\s+/gu, ' ').trim();
      const account = counterpartyAccount(whole, a.iban);
      const { type, type_text } = postingType(f.text.typeText, f.text.typeLine, a.card, name !== null);
      return {
        f,
        record: {
          id: '',
          booking_date: iso(f.date) ?? '',
          value_date: a.valueDates || f.posting.otherIsValue === true ? iso(f.other) : null,
          amount: centsToDecimal(f.cents),
          currency,
          counterparty: { name, iban: account.iban, bic: account.bic, ultimate: ultimateParty(name ?? '', whole) },
          type,
          type_text,
          purpose: remittance ?? postingPurpose(f.text.text, type_text),
          references,
          text: whole,
          evidence: postingEvidence(f, reconciled, pages),
        } satisfies PostingRecord,
      };
    });
    const ids = postingIds(
      drafts.map(({ f, record }) => ({
        accountIban: a.iban,
        bookingDate: record.booking_date,
        cents: f.cents,
        endToEndId: record.references.end_to_end_id,
        counterpartyIban: record.counterparty.iban,
        counterpartyName: record.counterparty.name,
      })),
    );
    const balance = (b: AccountResult['opening'], fallback: FullDate | null): BalanceRecord | null => {
      if (!b) return null;
      const printed = b.line?.dates.find((d) => d.date.year !== null)?.date;
      const date = printed ? { year: printed.year!, month: printed.month, day: printed.day } : fallback;
      return { amount: centsToDecimal(b.cents), date: iso(date), evidence: balanceEvidence(b.line, pages) };
    };
    return {
      iban: a.iban,
      bic: a.bic,
      holder: a.holder,
      bank: a.info.bank,
      currency,
      period: { start: iso(a.period?.start ?? null), end: iso(a.period?.end ?? null) },
      opening_balance: balance(a.opening, a.period?.start ?? null),
      closing_balance: balance(a.closing, a.period?.end ?? null),
      reconciled,
      postings: drafts.map(({ record }, i) => ({ ...record, id: ids[i]! })),
    };
  });
}
