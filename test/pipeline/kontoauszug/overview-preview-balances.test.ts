import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 8 seen: balances printed only in an overview of several accounts, and a
 * preview of orders due after the statement under its closing balance. Statements written for
 * these tests (a savings bank's wording, not the batch's).
 */

const GIRO = 'DE89 3704 0044 0532 0130 00';
const TAGESGELD = 'DE02 1203 0000 0000 2020 51';

/** Two accounts; both balances of each stand only in the overview; then one section per account. */
const overview = (labels: [string, string]): SynthLine[] => [
  [44, 50, 'Sparkasse Musterstadt'],
  [320, 70, 'Finanzstatus 04/2026 · 01.04.2026 - 30.04.2026'],
  [44, 100, 'Konto'],
  [150, 100, 'IBAN'],
  [440, 100, labels[0], true],
  [551, 100, labels[1], true],
  [44, 112, 'Giro'],
  [150, 112, GIRO],
  [440, 112, '1.000,00 EUR', true],
  [551, 112, '850,00 EUR', true],
  [44, 124, 'Tagesgeld'],
  [150, 124, TAGESGELD],
  [440, 124, '5.000,00 EUR', true],
  [551, 124, '5.250,00 EUR', true],
  [44, 160, `Giro ${GIRO}`],
  [44, 175, 'Datum Buchungstext'],
  [551, 175, 'Betrag', true],
  [44, 190, '03.04.2026 Lastschrift Stadtwerke Musterstadt'],
  [551, 190, '-400,00 EUR', true],
  [44, 205, '15.04.2026 Gutschrift Lohn Muster AG'],
  [551, 205, '+500,00 EUR', true],
  [44, 220, '28.04.2026 Überweisung Tagesgeld'],
  [551, 220, '-250,00 EUR', true],
  [44, 260, `Tagesgeld ${TAGESGELD}`],
  [44, 275, 'Datum Buchungstext'],
  [551, 275, 'Betrag', true],
  [44, 290, '28.04.2026 Gutschrift Übertrag vom Giro'],
  [551, 290, '+250,00 EUR', true],
  [44, 812, 'Sparkasse Musterstadt · Seite 1 von 1'],
];

/** One account; the closing balance, then orders due next month and the balance expected after them. */
const preview: SynthLine[] = [
  [44, 50, 'Raiffeisenbank Musterdorf eG'],
  [320, 70, `Kontoauszug 3/2026 · IBAN ${GIRO}`],
  [320, 82, '01.03.2026 - 31.03.2026'],
  [44, 110, 'Buchung Wert Vorgang'],
  [551, 110, 'Betrag EUR', true],
  [140, 125, 'Kontostand am 28.02.2026'],
  [551, 125, '+1.000,00', true],
  [44, 140, '05.03.2026 05.03.2026 Lastschrift Telefon GmbH'],
  [551, 140, '-50,00', true],
  [44, 155, '20.03.2026 20.03.2026 Gutschrift Rente'],
  [551, 155, '+1.200,00', true],
  [140, 175, 'Kontostand am 31.03.2026'],
  [551, 175, '+2.150,00', true],
  [44, 210, 'Ihre nächsten Daueraufträge'],
  [44, 225, 'Ausführung Empfänger Zweck'],
  [551, 225, 'Betrag EUR', true],
  [44, 240, '01.04.2026 Vermieter Meier Miete'],
  [551, 240, '-700,00', true],
  [44, 252, '15.04.2026 Bausparkasse Sparrate'],
  [551, 252, '-100,00', true],
  [140, 268, 'Voraussichtlicher Kontostand am 15.04.2026'],
  [551, 268, '+1.350,00', true],
  [44, 812, 'Raiffeisenbank Musterdorf eG · Seite 1 von 1'],
];

describe('balances in an overview of accounts, and a preview after the closing (issue 21)', () => {
  test('each account section takes both balances from its overview row, and reconciles', () => {
    for (const labels of [['Alter Kontostand', 'Neuer Kontostand'], ['Anfangssaldo 01.04.2026', 'Endsaldo 30.04.2026']] as [string, string][]) {
      const accounts = extractAccounts(synthDoc(overview(labels)));
      assert.deepEqual(
        accounts.map((a) => [a.info.iban?.replace(/\s/gu, ''), a.opening?.cents, a.closing?.cents, a.info.reconciled]),
        [
          [GIRO.replace(/\s/gu, ''), 100_000, 85_000, true],
          [TAGESGELD.replace(/\s/gu, ''), 500_000, 525_000, true],
        ],
        labels.join(' / '),
      );
    }
  });

  test('an overview row whose IBAN no section has gives no section its balances', () => {
    const lines = overview(['Alter Kontostand', 'Neuer Kontostand']).map((l): SynthLine => (l[2] === TAGESGELD ? [l[0], l[1], 'DE12 5001 0517 0648 4898 90'] : l));
    const accounts = extractAccounts(synthDoc(lines));
    assert.ok(accounts.every((a) => a.info.reconciled !== true || a.info.iban?.replace(/\s/gu, '') !== TAGESGELD.replace(/\s/gu, '')));
  });

  test('orders due after the closing balance are no postings; the projected balance is no closing', () => {
    const [a] = extractAccounts(synthDoc(preview));
    assert.equal(a?.opening?.cents, 100_000);
    assert.equal(a?.closing?.cents, 215_000);
    assert.equal(a?.info.reconciled, true);
    assert.deepEqual(toTables([a!])[0]!.rows.map((r) => [r[0], r[3]]), [
      ['05.03.2026', '-50,00'],
      ['20.03.2026', '1.200,00'],
    ]);
  });
});
