import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { labelledName, nameLike, namesPeriod, splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, classes 2–4: where the counterparty stands on online-banking printouts, Austrian
 * statements, neobank and e-money excerpts — by the structure of the lines, not one family.
 */
describe('counterparty by structure (issue 21)', () => {
  test('a purpose naming a period is never a name', () => {
    assert.equal(namesPeriod('Miete Oktober'), true);
    assert.equal(namesPeriod('Beitrag Haftpflicht Juni 2025'), true);
    assert.equal(namesPeriod('Kontopaket 06/2025'), true);
    assert.equal(namesPeriod('August Schmidt GmbH'), false);
    assert.deepEqual(splitCounterparty(['Überweisung', 'Miete Oktober']), { counterparty: '', text: 'Überweisung Miete Oktober' });
  });

  test('a labelled field is no name; a labelled name without its colon is (Austria)', () => {
    assert.equal(nameLike('Transaktionscode: 2AV48671P53973221'), false);
    assert.equal(nameLike('Mitteilung: Konzertkarte'), false);
    assert.equal(labelledName('Auftraggeber Muster Industrie GmbH'), 'Muster Industrie GmbH');
    assert.equal(labelledName('Empfänger unbekannt'), null);
    assert.deepEqual(splitCounterparty(['Gutschrift', 'Auftraggeber Muster Industrie GmbH', 'AT57 8207 0391 3985 0204', 'Verwendungszweck: Gehalt Juni 2025']), {
      counterparty: 'Muster Industrie GmbH',
      text: 'Gutschrift AT57 8207 0391 3985 0204 Verwendungszweck: Gehalt Juni 2025',
    });
  });

  test('the merchant with its place below a card reference line; not a cash machine’s place line', () => {
    assert.deepEqual(splitCounterparty(['Bezahlung Karte', 'MC/0000007 06.06. 20:10 O', 'BIPA 0815 1070 WIEN']), {
      counterparty: 'BIPA 0815 1070 WIEN',
      text: 'Bezahlung Karte MC/0000007 06.06. 20:10 O',
    });
    assert.equal(splitCounterparty(['Geldautomat', 'GA NR00002029 BLZ79353090 5', '06.07/15.23UHR BADKOE.NEU EUR 500,00']).counterparty, '');
  });

  test('an unknown description over a line that reads clearly more like a name', () => {
    assert.equal(splitCounterparty(['Zahlung erhalten EUR', 'Lena Weiß', 'Transaktionscode: 8PA00590W96512613', 'Mitteilung: Fahrrad']).counterparty, 'Lena Weiß');
    assert.equal(splitCounterparty(['Bankgutschrift auf Zahlungskonto EUR', 'Transaktionscode: 2BG11495Y02281221', 'Lastschrift vom Bankkonto DE** **** 3075']).counterparty, '');
    assert.equal(splitCounterparty(['Zahlung im Einzugsverfahren mit Zahlungsrechnung', 'Musterversand GmbH', 'Rechnungsnummer: 31511290'], false, 'second').counterparty, 'Musterversand GmbH');
  });

  test('top-ups, cashback and a card repayment’s thanks name no one', () => {
    assert.equal(splitCounterparty(['Top-Up', 'Apple Pay Top-Up by *4746'], false, 'first').counterparty, '');
    assert.equal(splitCounterparty(['Cashback', 'Cashback Belohnung'], false, 'first').counterparty, '');
    assert.equal(splitCounterparty(['Zahlung - vielen Dank', 'Lastschrift von Ihrem Girokonto'], true).counterparty, '');
  });
});

describe('type lines printed above their posting line (online-banking printouts)', () => {
  const row = (y: number, type: string, date: string, name: string, amount: string, purpose: string): SynthLine[] => [
    [130, y, type],
    [40, y + 11, `${date} ${name}`],
    [555, y + 11, amount, true],
    [130, y + 22, purpose],
  ];
  const page: SynthLine[] = [
    [36, 40, 'Umsätze | Online-Banking'],
    [36, 60, 'Kontostand am 30.06.2025'],
    [555, 60, '1.000,00 EUR', true],
    [36, 80, 'Gebuchte Umsätze'],
    ...row(100, 'Dauerauftrag', '20.06.2025', 'Musikschule Klangvoll e.V.', '-100,00 EUR', 'Unterricht Juni 2025'),
    ...row(140, 'Lastschrift', '15.06.2025', 'Stadtwerke Beispielstadt', '-50,00 EUR', 'Abschlag Strom Juni 2025'),
    ...row(180, 'Gutschrift', '10.06.2025', 'Muster Industrie GmbH', '1.250,00 EUR', 'Gehalt Juni 2025'),
    ...row(220, 'Lastschrift', '05.06.2025', 'Allianz Versicherungs-AG', '-100,00 EUR', 'Beitrag Haftpflicht'),
    [130, 262, 'Kontostand am 31.05.2025'],
    [555, 262, '0,00 EUR', true],
  ];

  test('each posting takes the type line above it, not the next posting’s', () => {
    const rows = toTables(extractAccounts(synthDoc(page))).flatMap((t) => t.rows);
    assert.deepEqual(
      rows.map((r) => [r[1], r[2]]),
      [
        ['Dauerauftrag Unterricht Juni 2025', 'Musikschule Klangvoll e.V.'],
        ['Lastschrift Abschlag Strom Juni 2025', 'Stadtwerke Beispielstadt'],
        ['Gutschrift Gehalt Juni 2025', 'Muster Industrie GmbH'],
        ['Lastschrift Beitrag Haftpflicht', 'Allianz Versicherungs-AG'],
      ],
    );
  });
});
