import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { classifyText, supports } from '../../../src/pipeline/stages/classify/classify.js';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

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

describe('a bill total closes the statement', () => {
  const bill = (total: string): SynthLine[] => [
    [50, 40, 'Abrechnung 01.05.2025 - 31.05.2025'],
    [50, 88, 'Datum Buchung Beschreibung'],
    [400, 88, 'Belastung', true],
    [480, 88, 'Gutschrift', true],
    [100, 100, 'Saldo letzte Rechnung'],
    [400, 100, '120,00', true],
    [50, 112, '02.05.25 03.05.25 Ihre Zahlung - besten Dank'],
    [480, 112, '120,00', true],
    [50, 124, '04.05.25 05.05.25 Buchhandlung am Markt'],
    [400, 124, '35,50', true],
    [50, 136, '06.05.25 07.05.25 Bahnhof Kiosk'],
    [400, 136, '4,50', true],
    [100, 148, total],
    [400, 148, '40,00', true],
  ];

  // The side of the synthetic columns is not what this checks (both signs reconcile alike):
  // the total must be read as the closing balance, on the same side as the carried one.
  test('"Total Saldo zu unseren Gunsten" is the closing balance, on the side of the carried balance', () => {
    const [a] = extractAccounts(synthDoc(bill('Total Saldo zu unseren Gunsten')));
    const opening = a!.info.opening_balance!;
    assert.equal(a!.info.closing_balance, opening.startsWith('-') ? '-40,00' : '40,00');
    assert.equal(a!.info.reconciled, true);
  });

  test('a total line without a balance word closes nothing', () => {
    const [a] = extractAccounts(synthDoc(bill('Summe der Seite')));
    assert.notEqual(a!.info.closing_balance?.replace('-', ''), '40,00');
  });
});
