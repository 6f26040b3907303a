import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { isValidIBAN } from 'ibantools';
import { textToPdf } from '../../../scripts/fixtures/kontoauszug/text-to-pdf.js';
import { documentLayout } from '../../../src/pipeline/layout/document-layout.js';
import type { PostingRecord } from '../../../src/pipeline/model/result.js';
import type { PipelineSlots } from '../../../src/pipeline/model/stage.js';
import { kontoauszugStage } from '../../../src/pipeline/stages/kontoauszug/stage.js';
import { sharedCorpusDir } from '../../support/corpus.js';
import { openSignal, testReader } from '../helpers.js';

/**
 * SPEC §8a fields on real statement texts of the shared corpus (read at run time, never copied;
 * skipped where it is not mounted), each rendered into a PDF as the eval does (text-to-pdf.ts).
 * The expected values are read off the printed text by hand, per posting.
 */
const DIR = sharedCorpusDir('kontoauszug');
const PREFIX = 'portfolio-performance__portfolio__';
const present = DIR !== null;

describe('accounts[] on real statement texts', { skip: present ? false : '../shared/corpus/real/kontoauszug is not available' }, () => {
  const reader = present ? testReader() : null;
  after(() => reader?.close());

  async function postings(name: string): Promise<{ all: PostingRecord[]; slots: PipelineSlots }> {
    const raw = readFileSync(path.join(DIR!, `${PREFIX}${name}`), 'utf8');
    const body = raw.replace(/^[\s\S]*?\n-{10,}\n/u, ''); // the extractor's preamble
    const doc = await reader!.read(await textToPdf(body, Infinity), 'pdf', { maxPages: 20, signal: openSignal() });
    const slots: PipelineSlots = {};
    await kontoauszugStage.run({ documentType: 'kontoauszug', document: doc, layout: documentLayout(doc), signal: openSignal(), slots });
    const all = slots.accounts!.flatMap((a) => a.postings);
    for (const p of all) {
      const [x0, y0, x1, y1] = p.evidence.box;
      assert.ok(p.evidence.page === 1 && x0 >= 0 && x0 < x1 && x1 <= 1 && y0 >= 0 && y0 < y1 && y1 <= 1, `${name}: evidence of ${p.text}`);
    }
    assert.equal(all.length, slots.tables!.flatMap((t) => t.rows).length, 'one posting per row');
    return { all, slots };
  }
  const find = (all: PostingRecord[], date: string, amount: string): PostingRecord => {
    const p = all.find((x) => x.booking_date === date && x.amount === amount);
    assert.ok(p, `posting ${date} ${amount}`);
    return p;
  };
  const exists = (name: string): boolean => present && existsSync(path.join(DIR!, `${PREFIX}${name}`));

  const DKB = 'dkb_GiroKontoauszug01.txt';
  test('DKB: KREF+, EREF+ (glued, wrapped at a hyphen), MREF+, CRED+, value dates and types', { skip: !exists(DKB) }, async () => {
    const { all, slots } = await postings(DKB);
    const kraken = find(all, '2021-01-06', '-1000.00');
    assert.equal(kraken.value_date, '2021-01-06');
    assert.equal(kraken.references.customer_reference, 'HKCCS63499');
    assert.deepEqual([kraken.type, kraken.type_text, kraken.counterparty.name], ['transfer', 'Überweisung', 'KRAKEN, PAYWARD LTD.']);
    assert.equal(find(all, '2021-01-18', '0.01').references.end_to_end_id, 'TRB-8350606870397269965-002160');
    const salary = find(all, '2021-01-29', '1234.56');
    assert.deepEqual([salary.type, salary.references.end_to_end_id], ['salary', '2021012019031413000000028000014650']);
    const debit = find(all, '2021-02-01', '-50.00');
    assert.equal(debit.type, 'direct_debit');
    assert.deepEqual(debit.references, { end_to_end_id: '0123456/NVMA.G0920-16516511', mandate_id: 'LA006161516', creditor_id: 'DE13ZZ5616516516', customer_reference: null });
    assert.equal(find(all, '2021-02-01', '-43.86').type, 'card_payment');
    assert.equal(find(all, '2021-01-28', '-91.00').type, 'standing_order');
    assert.equal(slots.accounts![0]!.iban, 'DE34120300000000000000');
    assert.equal(slots.accounts![0]!.opening_balance?.amount, '3000.68');
  });

  const DKB_YEAR = 'dkb_GiroKontoauszug02.txt';
  test('DKB: a value date before the booking date, across the turn of the year', { skip: !exists(DKB_YEAR) }, async () => {
    const { all } = await postings(DKB_YEAR);
    // `04.01. 31.12. Überweisung 1.000,00` in a statement "vom 31.12.2020 bis 04.01.2021".
    const p = all.find((x) => x.booking_date === '2021-01-04' && x.amount === '-1000.00' && x.type === 'transfer');
    assert.ok(p);
    assert.equal(p.value_date, '2020-12-31');
  });

  const DKB_OFF = 'dkb_GiroKontoauszug18.txt';
  test('DKB: a statement whose balances do not add up marks its posting `none`', { skip: !exists(DKB_OFF) }, async () => {
    // ALTER KONTOSTAND 1.111,11 H + 26,91 ≠ NEUER KONTOSTAND 1.137,02 H: printed so.
    const { all, slots } = await postings(DKB_OFF);
    assert.equal(slots.accounts![0]!.reconciled, false);
    const p = find(all, '2022-11-04', '26.91');
    assert.deepEqual([p.type, p.type_text, p.value_date, p.evidence.verified], ['return', 'Storno Gutschrift', '2022-11-03', 'none']);
  });

  const BANK11 = 'bank11_Kontoauszug02.txt';
  test('Bank11: a counterparty IBAN printed on its own line; one whose check digits fail is none', { skip: !exists(BANK11) }, async () => {
    const { all } = await postings(BANK11);
    const transfer = find(all, '2023-01-25', '-17500.00');
    assert.equal(transfer.counterparty.iban, 'DE35305305000946965650');
    assert.ok(isValidIBAN('DE35305305000946965650'));
    assert.deepEqual([transfer.type, transfer.type_text], ['transfer', 'Überweisungsauftrag']);
    // `IBAN: DE301203000000` / `18886054`: printed, but its check digits do not hold (anonymised).
    assert.ok(!isValidIBAN('DE30120300000018886054'));
    const payout = find(all, '2023-01-02', '-3500.00');
    assert.equal(payout.counterparty.iban, null);
    assert.equal(payout.counterparty.bic, 'BYLADEM1001');
    assert.equal(payout.type_text, 'Überweisungsauftrag', 'the type word at the start, not `Auszahlung` from the purpose');
    assert.ok(all.every((p) => p.evidence.verified === 'reconciled'), 'the statement reconciles');
  });

  const DB = 'deutschebank_GiroKontoauszug02.txt';
  test('Deutsche Bank: the shop behind PayPal as ultimate, Mand-ID and Gläubiger-ID', { skip: !exists(DB) }, async () => {
    const { all } = await postings(DB);
    const paypal = all.filter((p) => /PayPal/u.test(p.counterparty.name ?? ''));
    assert.ok(paypal.length >= 3);
    assert.deepEqual(new Set(paypal.map((p) => p.counterparty.ultimate)), new Set(['TAKEAWAYCOM', 'BLUME2000DE']));
    const debit = find(all, '2020-12-15', '-43.47');
    assert.equal(debit.counterparty.ultimate, 'BLUME2000DE');
    assert.equal(debit.references.mandate_id, '4WH2224N7HE64');
    assert.equal(debit.references.creditor_id, 'LU96ZZZ0000000000000000058');
    assert.equal(debit.references.customer_reference, null, '`Verwendungszweck/ Kundenreferenz` is a heading, not a value');
    assert.equal(debit.type, 'direct_debit');
  });
});
