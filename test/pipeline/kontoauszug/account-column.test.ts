import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fixtureFor, textLayerPdf } from '../../../scripts/fixtures/kontoauszug/generate.js';
import { LAYOUTS } from '../../../scripts/fixtures/kontoauszug/layouts.js';
import { createDocumentReader, defaultReaderConfig, type ReaderWithStats } from '../../../src/pipeline/reading/read-document.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 3 `umsaetze-alle-konten`: an online-banking print of several accounts as
 * ONE date-sorted list whose account column names each posting's account (`Girokonto …7192`),
 * each account's balances printed only in the overview box above the list (`Konto | IBAN | Saldo
 * am <start> | Saldo am <end>`). The postings split per account, each account takes its balances
 * from its overview row, and the balances judge each account on its own.
 */
describe('accounts named in a column of one list (issue 21)', () => {
  let reader: ReaderWithStats;
  before(() => {
    reader = createDocumentReader({ ...defaultReaderConfig, workerPoolSize: 1, warmUp: false });
  });
  after(() => reader.close());

  test('each posting goes to the account its column names; balances from the overview box; each account reconciles', async () => {
    for (const seed of [1, 2, 3, 4]) {
      const f = fixtureFor(LAYOUTS.find((l) => l.name === 'umsaetze-alle-konten')!, seed);
      const doc = await reader.read(await textLayerPdf(f), 'pdf', { maxPages: 100, signal: new AbortController().signal });
      const accounts = extractAccounts(doc);
      const tables = toTables(accounts);
      const expected = f.expected.statement as Record<string, unknown>[];
      assert.equal(accounts.length, expected.length, `${f.id}: one table per account`);
      expected.forEach((e, i) => {
        assert.equal(accounts[i]!.info.iban, e['iban'], `${f.id}: account ${i + 1}`);
        assert.equal(accounts[i]!.info.opening_balance, e['opening_balance'], `${f.id}: account ${i + 1} opening`);
        assert.equal(accounts[i]!.info.closing_balance, e['closing_balance'], `${f.id}: account ${i + 1} closing`);
        assert.equal(accounts[i]!.info.reconciled, true, `${f.id}: account ${i + 1} reconciled`);
        assert.deepEqual(
          tables[i]!.rows.map((r) => `${r[0]} ${r[3]}`),
          f.expected.tables[i]!.rows.map((r) => `${r[0]} ${r[3]}`),
          `${f.id}: account ${i + 1} postings`,
        );
        // The account cell is the posting's account, not its text; a transfer's purpose line
        // (`Übertrag auf Tagesgeld …8018`) is its text, not a carry-over.
        assert.deepEqual(tables[i]!.rows.map((r) => r[1]), f.expected.tables[i]!.rows.map((r) => r[1]), `${f.id}: account ${i + 1} texts`);
      });
    }
  });

  const list = (labels: [string, string]): SynthLine[] => [
    [40, 60, 'Umsatzanzeige alle Konten'],
    [40, 72, 'Zeitraum: 01.04.2025 - 30.04.2025'],
    [44, 100, 'Konto'],
    [150, 100, 'IBAN'],
    [430, 100, labels[0], true],
    [551, 100, labels[1], true],
    [44, 112, 'Girokonto …7192'],
    [150, 112, 'DE17 9614 1919 1774 8471 92'],
    [430, 112, '1.000,00 EUR', true],
    [551, 112, '850,00 EUR', true],
    [44, 124, 'Tagesgeld …8018'],
    [150, 124, 'DE49 2388 3786 4128 7580 18'],
    [430, 124, '5.000,00 EUR', true],
    [551, 124, '5.150,00 EUR', true],
    [40, 150, 'Buchungstag'],
    [94, 150, 'Konto'],
    [178, 150, 'Umsatz'],
    [553, 150, 'Betrag EUR', true],
    [40, 165, '03.04.2025'],
    [94, 165, 'Girokonto …7192'],
    [190, 165, 'Umbuchung'],
    [553, 165, '-150,00', true],
    [190, 175, 'Übertrag auf Tagesgeld …8018'],
    [40, 190, '03.04.2025'],
    [94, 190, 'Tagesgeld …8018'],
    [190, 190, 'Umbuchung'],
    [553, 190, '150,00', true],
    [190, 200, 'Übertrag von Girokonto …7192'],
  ];

  test('a synthetic list: the masked number in the account column names the account whose IBAN ends in it', () => {
    const accounts = extractAccounts(synthDoc(list(['Saldo am 31.03.2025', 'Saldo am 30.04.2025'])));
    assert.deepEqual(
      accounts.map((a) => [a.info.iban, a.info.opening_balance, a.info.closing_balance, a.rows.map((r) => r.cents), a.info.reconciled]),
      [
        ['DE17 9614 1919 1774 8471 92', '1.000,00', '850,00', [-15000], true],
        ['DE49 2388 3786 4128 7580 18', '5.000,00', '5.150,00', [15000], true],
      ],
    );
  });

  test('balance labels that do not say which opens: the postings still split, no balance is guessed', () => {
    const accounts = extractAccounts(synthDoc(list(['Saldo A', 'Saldo B'])));
    assert.deepEqual(
      accounts.map((a) => [a.info.iban, a.info.opening_balance, a.info.closing_balance, a.rows.map((r) => Math.abs(r.cents))]),
      [
        ['DE17 9614 1919 1774 8471 92', null, null, [15000]],
        ['DE49 2388 3786 4128 7580 18', null, null, [15000]],
      ],
    );
  });
});
