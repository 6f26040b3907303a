import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { documentLines } from '../../../src/pipeline/layout/lines.js';
import { classifyText, supports } from '../../../src/pipeline/stages/classify/classify.js';
import { ledgerLinks } from '../../../src/pipeline/stages/classify/ledger.js';
import { documentText } from '../../../src/pipeline/layout/text-lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { EXCERPT_PAGE, synthDoc, type SynthLine } from './synthetic.js';

const page = EXCERPT_PAGE;

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
