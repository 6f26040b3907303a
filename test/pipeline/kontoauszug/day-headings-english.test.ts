import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { dateHeading } from '../../../src/pipeline/stages/kontoauszug/posting-lines.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21: banking apps export in the phone's language. An English day heading over the day's
 * postings (`Monday, 3 November 2025`, `Wednesday, November 5, 2025`, `Today`) heads the day as
 * the German one does (`Montag, 3. November 2025`): the postings under it take its date.
 */
describe('English day headings (issue 21)', () => {
  const heading = (text: string) => dateHeading(toLines(synthDoc([[40, 100, text]]).pages)[0]!);

  test('an English weekday with the date, day first or month first, is a day heading', () => {
    assert.deepEqual(heading('Monday, 3 November 2025'), { year: 2025, month: 11, day: 3 });
    assert.deepEqual(heading('Friday, 3 October 2025'), { year: 2025, month: 10, day: 3 });
    assert.deepEqual(heading('Wednesday, November 5, 2025'), { year: 2025, month: 11, day: 5 });
    assert.deepEqual(heading('Sat, 1 March 2025'), { year: 2025, month: 3, day: 1 });
    // A posting's text with a date in it is no heading.
    assert.equal(heading('Refund for order of 3 November 2025'), null);
    assert.equal(heading('Monday 3 November 2025 Netflix'), null);
  });

  const page: SynthLine[] = [
    [40, 30, 'Account statement · 01.11.2025 - 30.11.2025'],
    [40, 70, 'Anna Schulz · IBAN DE89 3704 0044 0532 0130 00'],
    [40, 95, 'Kontostand am 31.10.2025: 1.000,00 €'],
    [40, 120, 'Monday, 3 November 2025'],
    [40, 138, 'Stadtwerke München'],
    [555, 138, '−100,00 €', true],
    [40, 150, 'Direct Debit Abschlag Strom'],
    [40, 176, 'Wednesday, November 5, 2025'],
    [40, 194, 'REWE Markt'],
    [555, 194, '−20,00 €', true],
    [40, 206, 'Card Transaction'],
    [40, 218, 'Musterfirma GmbH'],
    [555, 218, '+2.000,00 €', true],
    [40, 230, 'Transfer Gehalt November'],
    [40, 256, 'Kontostand am 30.11.2025: 2.880,00 €'],
  ];

  test('the postings under an English day heading take its date, and the balances hold', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`),
      ['03.11.2025 -100,00', '05.11.2025 -20,00', '05.11.2025 2.000,00'],
    );
    assert.equal(accounts[0]!.info.reconciled, true);
  });
});
