import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyText, supports } from '../../../src/pipeline/stages/classify/classify.js';

/**
 * A card bill in Swiss/Austrian wording (`Monatsrechnung`, `Saldo letzte Rechnung`, the card
 * brand written as one word) is an account statement: it carries a balance from the last bill.
 */
const BILL = [
  'Kartendienste AG',
  'Monatsrechnung',
  'Visacard Classic 4111 XXXX XXXX 1234',
  'Rechnungsperiode 01.05.2025 - 31.05.2025',
  'Datum Buchung Beschreibung Belastung Gutschrift',
  'Saldo letzte Rechnung 120.00',
  '03.05.25 04.05.25 Gutschrift Buchhandlung 20.00',
].join('\n');

describe('card bill wording', () => {
  test('a bill with the balance of the last bill and a card brand reads as a statement', () => {
    assert.equal(supports(classifyText(BILL), 'kontoauszug'), true);
  });

  test('without the carried balance the brand alone is not enough', () => {
    assert.equal(supports(classifyText(BILL.replace('Saldo letzte Rechnung 120.00\n', '')), 'kontoauszug'), false);
  });
});
