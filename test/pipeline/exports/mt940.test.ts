import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import mt940js from 'mt940js';
import { renderMt940 } from '../../../src/pipeline/exports/mt940.js';
import type { AccountRecord } from '../../../src/pipeline/model/result.js';
import { accountWithoutIban, allFixtureAccounts, excerptAccounts, giroAccount, unreconciledAccount } from './accounts.js';

/**
 * MT940 exports read back with an independent parser (mt940js, which also checks that
 * :60F: + Σ :61: = :62F:): the same postings, amounts, signs, value and booking dates, the same
 * balances; every line within SWIFT's 65 characters and character set.
 */
const meta = { createdAt: new Date('2026-02-01T08:00:00Z') };
const parse = (text: string) => new mt940js.Parser().parse(text);
const cents = (n: number): number => Math.round(n * 100);
const modelCents = (amount: string): number => Math.round(Number(amount) * 100);
const iso = (d: Date | ''): string => (d === '' ? '' : d.toISOString().slice(0, 10));

describe('MT940 export', () => {
  test('reads back with mt940js: one statement per account, same postings, dates, signs and balances', () => {
    const accounts: AccountRecord[] = [giroAccount(), accountWithoutIban(), ...excerptAccounts()];
    const statements = parse(renderMt940(accounts, meta));
    assert.equal(statements.length, accounts.length);
    statements.forEach((s, i) => {
      const a = accounts[i]!;
      assert.equal(s.currency, 'EUR');
      assert.equal(s.transactions.length, a.postings.length);
      const sum = a.postings.reduce((t, p) => t + modelCents(p.amount), 0);
      if (a.opening_balance) assert.equal(cents(s.openingBalance), modelCents(a.opening_balance.amount), `opening ${i}`);
      if (a.closing_balance) assert.equal(cents(s.closingBalance), modelCents(a.closing_balance.amount), `closing ${i}`);
      assert.equal(cents(s.closingBalance) - cents(s.openingBalance), sum, `turnover ${i}`);
      s.transactions.forEach((t, j) => {
        const p = a.postings[j]!;
        assert.equal(cents(t.amount), modelCents(p.amount), p.id);
        assert.equal(iso(t.date), p.value_date ?? p.booking_date, `${p.id} value date`);
        assert.equal(iso(t.entryDate), p.booking_date, `${p.id} booking date`);
        assert.equal(t.isReversal, false);
      });
    });
    assert.equal(iso(statements[0]!.openingBalanceDate), '2025-12-31');
    assert.equal(iso(statements[0]!.closingBalanceDate), '2026-01-31');
  });

  test('the :86: carries GVC, posting text, SEPA purpose tags, BIC, IBAN and name, transliterated', () => {
    const account = giroAccount();
    const [s] = parse(renderMt940([account], meta));
    const [salary, debit, paypal, formula, ret] = s!.transactions;
    assert.equal(s!.accountIdentification, '51210800/1245126199', 'German IBAN as BLZ/Kontonummer');
    assert.equal(salary!.transactionType, 'NTRF');
    assert.equal(salary!.reference, 'LOHN-2026-01-471', 'end-to-end id, cut to 16');
    assert.deepEqual(salary!.structuredDetails, {
      gvc: '153',
      '00': 'Gehalt',
      '20': 'EREF+LOHN-2026-01-4711',
      '21': 'SVWZ+Gehalt Januar 2026',
      '30': 'BYLADEM1001',
      '31': 'DE02120300000000202051',
      '32': 'Muster + Soehne GmbH',
    });
    const d = debit!.structuredDetails!;
    assert.equal(debit!.transactionType, 'NDDT');
    assert.equal(d.gvc, '105');
    const purpose = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'].map((k) => d[k] ?? '').join('');
    assert.match(purpose, /^EREF\+E2E-STROM-2026-01-0+-ZU-LANGKREF\+KREF-77MREF\+MANDAT-0042CRED\+DE98ZZZ09999999999SVWZ\+Rechnung 2026-0815/u);
    assert.equal(`${d['32']}${d['33']}`, 'Stadtwerke Ueberlingen Energie Strom');
    // The merchant behind PayPal as the deviating payee (ABWE+), the payment service as the name.
    assert.match(Object.values(paypal!.structuredDetails!).join(''), /ABWE\+Baeckerei Gross/u);
    assert.equal(paypal!.structuredDetails!['32'], 'PayPal Europe S.a.r.l. et C');
    assert.equal(formula!.structuredDetails!['32'], 'HYPERLINK( http://evil.exam');
    assert.equal(ret!.structuredDetails!.gvc, '159');
    assert.equal(ret!.transactionType, 'NRTI');
  });

  test('every line is at most 65 characters of the SWIFT x set, each :86: at most six lines, CRLF', () => {
    const text = renderMt940(allFixtureAccounts(), meta);
    assert.ok(text.endsWith('-\r\n'));
    assert.ok(!/[^\r]\n/u.test(text), 'CRLF only');
    const lines = text.split('\r\n').slice(0, -1);
    for (const line of lines) {
      assert.ok(line.length <= 65, `${line.length}: ${line}`);
      assert.match(line, /^[A-Za-z0-9/\-?:().,'+ ]*$/u, line);
    }
    let run = 0;
    for (const line of lines) {
      run = line.startsWith(':86:') ? 1 : line.startsWith(':') || line === '-' ? 0 : run > 0 ? run + 1 : 0;
      assert.ok(run <= 6, 'a :86: of more than six lines');
    }
  });

  test('a statement that does not reconcile: :20: NICHTABGESTIMMT, :62F: adds up, the printed closing in the statement :86:', () => {
    const [s] = parse(renderMt940([unreconciledAccount()], meta));
    assert.equal(s!.transactionReference, 'NICHTABGESTIMMT');
    assert.equal(cents(s!.openingBalance), 50000);
    assert.equal(cents(s!.closingBalance), 65000);
    assert.equal(s!.transactions.length, 1);
    assert.equal(s!.transactions[0]!.details.includes('ABGESTIMMT'), false, 'the note is not part of the last posting');
    assert.match((s!.informationToAccountOwner ?? '').replace(/\n/gu, ''), /NICHT ABGESTIMMT: Anfangssaldo 500,00 plus Umsaetze 150,00 ergibt 650,00, gedruckter Endsaldo 700,00\./u);
    assert.equal(parse(renderMt940([giroAccount()], meta))[0]!.transactionReference, 'KLARTEXT');
  });

  test('an account without IBAN and with a negative opening balance', () => {
    const [s] = parse(renderMt940([accountWithoutIban()], meta));
    assert.equal(s!.accountIdentification, 'NOTPROVIDED');
    assert.equal(cents(s!.openingBalance), -5000);
    assert.equal(cents(s!.closingBalance), 2500);
  });

  test('a purpose too long for six lines is cut from the end; name and IBAN stay', () => {
    const account = giroAccount();
    const p = account.postings[1]!;
    account.postings = [{ ...p, purpose: 'Wort '.repeat(200).trim() }];
    account.closing_balance = { amount: '910.10', date: '2026-01-31', evidence: null };
    const text = renderMt940([account], meta);
    const [s] = parse(text);
    const d = s!.transactions[0]!.structuredDetails!;
    assert.equal(d['31'], 'DE02500105170137075030');
    assert.equal(d['32'], 'Stadtwerke Ueberlingen Ener');
    assert.ok(text.split('\r\n').every((l) => l.length <= 65));
  });
});
