/**
 * One amount under two names (issue 22): a reminder that repeats its invoice (positions, net,
 * VAT, `Rechnungsbetrag 1.154,30 €`) and then opens its claim list with the same figure under
 * another label (`noch offener Rechnungsbetrag 1.154,30 €`, interest, fee, total) prints the
 * claim once in the total. The check of the claim list must not count it twice and fail: the
 * restatement is the same amount, and the list adds up with it counted once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import { mahnungAnalyzer } from '../../../src/pipeline/stages/analysis/mahnung/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';
import { cell, type PlacedWord, words } from '../../support/placed-words.js';

type W = PlacedWord;
/** A label at the left and an amount ending at the right margin. */
const line = (y: number, label: string, amount: string): W[] => [...words(y, 56, label), ...words(y, 540 - amount.length * 6 - (amount.split(' ').length - 1) * 4, amount)];

function reminder(total: string): LoadedDocument {
  const all: W[] = [
    ...words(60, 56, 'Malerbetrieb Schulz GmbH · Am Anger 3 · 99084 Erfurt'),
    ...words(100, 56, 'Zahlungserinnerung'),
    ...words(100, 400, 'Erfurt, 02.02.2026'),
    ...words(130, 56, 'unsere Rechnung Nr. 2026-017 vom 05.01.2026 ist noch nicht bezahlt. Die Positionen:'),
    ...line(160, 'Anstrich Treppenhaus', '850,00'),
    ...line(174, 'Material', '120,00'),
    ...line(188, 'Summe netto', '970,00'),
    ...line(202, 'Umsatzsteuer 19 %', '184,30'),
    ...line(216, 'Rechnungsbetrag', '1.154,30 €'),
    ...words(244, 56, 'Aufstellung der Forderung'),
    ...line(258, 'noch offener Rechnungsbetrag', '1.154,30 €'),
    ...line(272, 'Verzugszinsen', '8,20 €'),
    ...line(286, 'Mahngebühr', '3,00 €'),
    ...line(300, 'Gesamtforderung', total),
    ...words(330, 56, 'Bitte zahlen Sie bis zum 16.02.2026.'),
  ];
  return { format: 'pdf', pages: [{ number: 1, width: 595, height: 842, source: 'pdf', cells: all.map(cell) }] };
}

describe('the claim restated under another label in the claim list', () => {
  it('is counted once: the claim list adds up', () => {
    const a = analyzeLetter(mahnungAnalyzer, 'mahnung', reminder('1.165,50 €'));
    assert.equal(a.key_numbers.hauptforderung?.value, '1.154,30 €', JSON.stringify(a.key_numbers));
    assert.deepEqual(a.checks?.map((c) => c.holds), [true], JSON.stringify(a.checks));
  });

  it('a list that does not add up with the claim counted once still fails', () => {
    const a = analyzeLetter(mahnungAnalyzer, 'mahnung', reminder('1.175,50 €'));
    assert.deepEqual(a.checks?.map((c) => c.holds), [false], JSON.stringify(a.checks));
  });
});
