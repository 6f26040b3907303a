import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentLines } from '../../../src/pipeline/layout/lines.js';
import { classifyText, supports } from '../../../src/pipeline/stages/classify/classify.js';
import { ledgerLinks } from '../../../src/pipeline/stages/classify/ledger.js';
import { documentText } from '../../../src/pipeline/layout/text-lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * A statement page that is not page one (issue 11, class 1): no title, no opening balance, a
 * date column, amount columns and a running balance; stacked dates `22` / `Sept.` / `2025`.
 */
const page: SynthLine[] = [
  [45, 50, 'DATUM TYP BESCHREIBUNG ZAHLUNGSEINGANG ZAHLUNGSAUSGANG SALDO'],
  [45, 70, '22'],
  [82, 70, 'Card Transaction REWE Markt GmbH'],
  [480, 70, '45,90 €', true],
  [555, 70, '1.954,10 €', true],
  [45, 81, 'Sept.'],
  [45, 92, '2025'],
  [45, 115, '23'],
  [82, 115, 'Transfer Incoming transfer from Max Mustermann'],
  [395, 115, '500,00 €', true],
  [555, 115, '2.454,10 €', true],
  [45, 126, 'Sept.'],
  [45, 137, '2025'],
  [45, 160, '25'],
  [82, 160, 'Direct Debit Stadtwerke Musterstadt'],
  [480, 160, '94,27 €', true],
  [555, 160, '2.359,83 €', true],
  [45, 171, 'Sept.'],
  [45, 182, '2025'],
  [45, 205, '29'],
  [82, 205, 'Card Transaction Lidl sagt Danke'],
  [480, 205, '4,26 €', true],
  [555, 205, '2.355,57 €', true],
  [45, 216, 'Sept.'],
  [45, 227, '2025'],
  [45, 780, 'MUSTER NEOBANK AG · Musterallee 1 · 10115 Berlin'],
  [45, 805, 'Erstellt am 02.10.2025'],
  [555, 805, 'Seite 2 von 3', true],
];

describe('a statement page that is not page one', () => {
  test('its running balance makes it a statement, title or not', () => {
    const doc = synthDoc(page);
    assert.equal(ledgerLinks(documentLines(doc)), 3);
    const withLedger = classifyText(documentText(doc), ledgerLinks(documentLines(doc)));
    assert.equal(supports(withLedger, 'kontoauszug'), true);
    // The words alone would not carry it.
    assert.equal(supports(classifyText(documentText(doc)), 'kontoauszug'), false);
  });

  test('postings with stacked dates, names, and balances from the running-balance column', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(toTables(accounts)[0]!.rows, [
      ['22.09.2025', 'Card Transaction', 'REWE Markt GmbH', '-45,90'],
      ['23.09.2025', 'Transfer Incoming transfer from', 'Max Mustermann', '500,00'],
      ['25.09.2025', 'Direct Debit', 'Stadtwerke Musterstadt', '-94,27'],
      ['29.09.2025', 'Card Transaction', 'Lidl sagt Danke', '-4,26'],
    ]);
    const info = accounts[0]!.info;
    assert.deepEqual([info.opening_balance, info.closing_balance, info.reconciled], ['2.000,00', '2.355,57', true]);
    // `Erstellt am` is one date: it places the year but states no period.
    assert.deepEqual([info.period_start, info.period_end], [null, null]);
    assert.equal(info.bank, 'MUSTER NEOBANK AG');
  });
});
