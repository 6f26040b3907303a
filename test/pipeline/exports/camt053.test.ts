import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { XMLParser } from 'fast-xml-parser';
import { renderCamt053 } from '../../../src/pipeline/exports/camt053.js';
import type { AccountRecord } from '../../../src/pipeline/model/result.js';
import { camtSchemaErrors } from '../../support/camt-schema.js';
import { accountWithoutIban, allFixtureAccounts, excerptAccounts, giroAccount, unreconciledAccount } from './accounts.js';

/**
 * camt.053.001.08 exports: every one valid against the ISO 20022 XSD (libxml2 in WebAssembly),
 * and read back with an independent XML parser, every posting and balance where the standard
 * puts it.
 */
const meta = { createdAt: new Date('2026-02-01T08:00:00Z') };
const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, isArray: (name) => ['Stmt', 'Ntry', 'Bal', 'Ustrd'].includes(name) });

type Node = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const readBack = (xml: string): Node[] => (xmlParser.parse(xml) as Node).Document.BkToCstmrStmt.Stmt as Node[];
const cents = (amount: string, ind: string): number => Math.round(Number(amount) * 100) * (ind === 'DBIT' ? -1 : 1);
const modelCents = (amount: string): number => Math.round(Number(amount) * 100);

describe('camt.053.001.08 export', () => {
  test('validates against the XSD: all fixture accounts together and each alone', async () => {
    const sets: [string, AccountRecord[]][] = [
      ['all', allFixtureAccounts()],
      ['giro', [giroAccount()]],
      ['no IBAN', [accountWithoutIban()]],
      ['not reconciled', [unreconciledAccount()]],
      ['excerpts', excerptAccounts()],
      ['no postings', [{ ...giroAccount(), postings: [], closing_balance: { amount: '1000.00', date: '2026-01-31', evidence: null } }]],
    ];
    for (const [name, accounts] of sets) assert.deepEqual(await camtSchemaErrors(renderCamt053(accounts, meta)), [], name);
  });

  test('no account is no statement: the schema needs one Stmt, so the renderer refuses (the service answers first)', () => {
    assert.throws(() => renderCamt053([], meta), RangeError);
  });

  test('the validator rejects what breaks the schema (a negative amount, a missing status, a 36-character id)', async () => {
    const xml = renderCamt053([giroAccount()], meta);
    const broken = [
      xml.replace('<Amt Ccy="EUR">2450.00</Amt>', '<Amt Ccy="EUR">-2450.00</Amt>'),
      xml.replace(/<Sts>\s*<Cd>BOOK<\/Cd>\s*<\/Sts>/u, ''),
      xml.replace(/<EndToEndId>[^<]*<\/EndToEndId>/u, `<EndToEndId>${'X'.repeat(36)}</EndToEndId>`),
    ];
    for (const doc of broken) {
      assert.notEqual(doc, xml, 'the test changed the document');
      assert.ok((await camtSchemaErrors(doc)).length > 0, 'invalid document reported');
    }
  });

  test('one Stmt per account, with its IBAN (or Othr), currency, owner, servicer and OPBD/CLBD balances', () => {
    const accounts = [giroAccount(), accountWithoutIban()];
    const [giro, savings] = readBack(renderCamt053(accounts, meta));
    assert.equal(readBack(renderCamt053(accounts, meta)).length, 2);
    assert.equal(giro!.Acct.Id.IBAN, 'DE75512108001245126199');
    assert.equal(giro!.Acct.Ccy, 'EUR');
    assert.equal(giro!.Acct.Ownr.Nm, 'Anna Weiß');
    assert.equal(giro!.Acct.Svcr.FinInstnId.BICFI, 'GENODEF1S04');
    assert.deepEqual(
      giro!.Bal.map((b: Node) => [b.Tp.CdOrPrtry.Cd, cents(b.Amt['#text'], b.CdtDbtInd), b.Dt.Dt]),
      [
        ['OPBD', 100000, '2025-12-31'],
        ['CLBD', 196371, '2026-01-31'],
      ],
    );
    assert.deepEqual(giro!.FrToDt, { FrDtTm: '2026-01-01T00:00:00', ToDtTm: '2026-01-31T23:59:59' });
    assert.equal(savings!.Acct.Id.Othr.Id, 'NOTPROVIDED');
    // A negative balance is an amount with DBIT; with no date printed, the first and last booking date.
    assert.deepEqual(
      savings!.Bal.map((b: Node) => [cents(b.Amt['#text'], b.CdtDbtInd), b.Dt.Dt]),
      [
        [-5000, '2026-02-03'],
        [2500, '2026-02-03'],
      ],
    );
    assert.equal(giro!.AddtlStmtInf, undefined, 'a reconciled statement carries no note');
  });

  test('every posting is a booked Ntry: amount, sign, dates, codes, references, parties, agents, remittance', () => {
    const account = giroAccount();
    const [stmt] = readBack(renderCamt053([account], meta));
    const entries = stmt!.Ntry as Node[];
    assert.equal(entries.length, account.postings.length);
    entries.forEach((n, i) => {
      const p = account.postings[i]!;
      assert.equal(cents(n.Amt['#text'], n.CdtDbtInd), modelCents(p.amount), p.id);
      assert.equal(n.Amt['@Ccy'], 'EUR');
      assert.equal(n.Sts.Cd, 'BOOK');
      assert.equal(n.NtryRef, p.id);
      assert.equal(n.BookgDt.Dt, p.booking_date);
      assert.equal(n.ValDt?.Dt, p.value_date ?? undefined);
      assert.equal(n.AddtlNtryInf, p.text);
      const refs = n.NtryDtls.TxDtls.Refs;
      assert.equal(refs.EndToEndId, (p.references.end_to_end_id ?? 'NOTPROVIDED').slice(0, 35));
      assert.equal(refs.MndtId, p.references.mandate_id ?? undefined);
      assert.equal((n.NtryDtls.TxDtls.RmtInf?.Ustrd ?? []).join(' '), p.purpose ?? '');
    });
    const [salary, debit, paypal] = entries;
    assert.deepEqual(salary!.BkTxCd.Domn, { Cd: 'PMNT', Fmly: { Cd: 'RCDT', SubFmlyCd: 'SALA' } });
    assert.deepEqual(salary!.BkTxCd.Prtry, { Cd: 'NTRF+153', Issr: 'DK' });
    // Money in: the counterparty is the debtor, the holder the creditor; its BIC the debtor's agent.
    const sp = salary!.NtryDtls.TxDtls.RltdPties;
    assert.equal(sp.Dbtr.Pty.Nm, 'Muster & Söhne GmbH');
    assert.equal(sp.DbtrAcct.Id.IBAN, 'DE02120300000000202051');
    assert.equal(sp.Cdtr.Pty.Nm, 'Anna Weiß');
    assert.equal(salary!.NtryDtls.TxDtls.RltdAgts.DbtrAgt.FinInstnId.BICFI, 'BYLADEM1001');
    // Money out by direct debit: creditor with its SEPA creditor id, mandate, customer reference.
    const dp = debit!.NtryDtls.TxDtls;
    assert.equal(dp.RltdPties.Cdtr.Pty.Nm, 'Stadtwerke Überlingen <Energie> "Strom"');
    assert.deepEqual(dp.RltdPties.Cdtr.Pty.Id.PrvtId.Othr, { Id: 'DE98ZZZ09999999999', SchmeNm: { Prtry: 'SEPA' } });
    assert.equal(dp.RltdPties.CdtrAcct.Id.IBAN, 'DE02500105170137075030');
    assert.equal(dp.RltdAgts.CdtrAgt.FinInstnId.BICFI, 'INGDDEFFXXX');
    assert.equal(dp.Refs.InstrId, 'KREF-77');
    assert.equal(dp.RmtInf.Ustrd.length, 2, 'remittance in two pieces');
    assert.ok(dp.RmtInf.Ustrd.every((u: string) => [...u].length <= 140), 'of at most 140 characters');
    assert.match(dp.RmtInf.Ustrd[0], /Vertragskonto 123456789,$/u, 'broken between words');
    assert.deepEqual(debit!.BkTxCd.Domn, { Cd: 'PMNT', Fmly: { Cd: 'IDDT', SubFmlyCd: 'ESDD' } });
    // The merchant behind PayPal is the ultimate creditor.
    assert.equal(paypal!.NtryDtls.TxDtls.RltdPties.UltmtCdtr.Pty.Nm, 'Bäckerei Groß');
    assert.equal(paypal!.NtryDtls.TxDtls.RltdPties.Cdtr.Pty.Nm, 'PayPal Europe S.a.r.l. et Cie S.C.A');
    assert.equal(paypal!.ValDt, undefined, 'no value date printed, none written');
    assert.equal(paypal!.NtryDtls.TxDtls.RmtInf.Ustrd[0], "Brötchen & Kaffee 'to go'");
  });

  test('a statement that does not reconcile is exported with its printed balances and says so in AddtlStmtInf', async () => {
    const xml = renderCamt053([unreconciledAccount()], meta);
    assert.deepEqual(await camtSchemaErrors(xml), []);
    const [stmt] = readBack(xml);
    assert.deepEqual(
      stmt!.Bal.map((b: Node) => cents(b.Amt['#text'], b.CdtDbtInd)),
      [50000, 70000],
    );
    assert.equal(stmt!.Ntry.length, 1);
    assert.match(stmt!.AddtlStmtInf, /^NICHT ABGESTIMMT: Anfangssaldo 500,00 plus Umsaetze 150,00 ergibt 650,00, gedruckter Endsaldo 700,00\./u);
  });

  test('a missing balance is worked out from the other and the postings, and the statement says so', () => {
    const [none, closingOnly] = readBack(renderCamt053(excerptAccounts(), meta));
    assert.deepEqual(none!.Bal.map((b: Node) => cents(b.Amt['#text'], b.CdtDbtInd)), [0, -1000]);
    assert.match(none!.AddtlStmtInf, /Keine Salden gedruckt: Anfangssaldo 0,00 angenommen/u);
    assert.deepEqual(closingOnly!.Bal.map((b: Node) => [cents(b.Amt['#text'], b.CdtDbtInd), b.Dt.Dt]), [
      [10000, '2026-04-02'],
      [9000, '2026-04-30'],
    ]);
    assert.match(closingOnly!.AddtlStmtInf, /Anfangssaldo nicht gedruckt, aus Endsaldo und Umsaetzen berechnet/u);
  });

  test('the same statement exported twice carries the same message and statement ids', () => {
    const ids = (xml: string): string[] => [/<MsgId>([^<]+)</u.exec(xml)![1]!, /<Stmt>\s*<Id>([^<]+)</u.exec(xml)![1]!];
    const account = giroAccount();
    const a = ids(renderCamt053([account], meta));
    const b = ids(renderCamt053([structuredClone(account)], { createdAt: new Date('2026-03-01T00:00:00Z') }));
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, ids(renderCamt053([unreconciledAccount()], meta)));
  });
});
