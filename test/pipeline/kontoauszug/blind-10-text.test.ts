import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { splitCounterparty } from '../../../src/pipeline/stages/kontoauszug/counterparty.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 10 seen: what of a posting's printed words is its counterparty and its
 * text (SPEC §8 Empfänger, Buchungstext), each case written as another bank would print it — not
 * the fixture's words or positions.
 */
const rows = (lines: SynthLine[]): string[][] => toTables(extractAccounts(synthDoc(lines)))[0]!.rows;

describe('blind batch 10: counterparty and posting text (issue 21)', () => {
  test('an app export’s category column is no part of the name: the category stays text', () => {
    const r = rows([
      [34, 56, 'Beispiel Direktbank AG', false],
      [34, 80, 'Umsatzübersicht März 2026'],
      [34, 150, 'Datum'],
      [100, 150, 'Buchungstext'],
      [330, 150, 'Umsatzkategorie'],
      [540, 150, 'Betrag EUR', true],
      [34, 166, '03.03.2026'],
      [100, 166, 'Blumenhaus Lindner, Erfurt'],
      [330, 166, 'Freizeit'],
      [540, 166, '-24,90', true],
      [100, 178, 'Debitkarte'],
      [34, 194, '05.03.2026'],
      [100, 194, 'Gemeindewerke Talheim'],
      [330, 194, 'Wohnen & Energie'],
      [540, 194, '-61,00', true],
      [100, 206, 'Lastschrift'],
      [100, 218, 'Abschlag Wasser März'],
      [34, 234, '09.03.2026'],
      [100, 234, 'Klara Hoffmann'],
      [330, 234, 'Einnahmen'],
      [540, 234, '150,00', true],
      [100, 246, 'Gutschrift'],
      [100, 258, 'Anteil Ferienwohnung'],
    ]);
    assert.deepEqual(
      r.map((x) => [x[2], x[1]]),
      [
        ['Blumenhaus Lindner, Erfurt', 'Freizeit Debitkarte'],
        ['Gemeindewerke Talheim', 'Wohnen & Energie Lastschrift Abschlag Wasser März'],
        ['Klara Hoffmann', 'Einnahmen Gutschrift Anteil Ferienwohnung'],
      ],
    );
  });

  test('income paid on a security names the security, not a payer: no counterparty, the security stays text, among transfers that print their party below the type', () => {
    const r = rows([
      [34, 56, 'Muster Fondsbank AG', false],
      [34, 80, 'Abrechnungskonto 4711 0815'],
      [34, 150, 'Buchungstag'],
      [100, 150, 'Vorgang'],
      [470, 150, 'Soll', true],
      [550, 150, 'Haben', true],
      [34, 166, '14.04.2026'],
      [100, 166, 'Ausschüttung'],
      [550, 166, '12,40', true],
      [100, 178, 'Rheinland Immobilienfonds I'],
      [100, 190, 'WKN A1B2C3'],
      [34, 206, '22.04.2026'],
      [100, 206, 'Dividendenzahlung'],
      [550, 206, '88,15', true],
      [100, 218, 'Hanse Logistik AG Namensaktien'],
      [100, 230, 'Stück 40 · Quellensteuer 11,90 EUR'],
      [34, 246, '24.04.2026'],
      [100, 246, 'Überweisung'],
      [550, 246, '500,00', true],
      [100, 258, 'Jonas Beispielmann'],
      [100, 270, 'Einzahlung Sparrate'],
      [34, 286, '27.04.2026'],
      [100, 286, 'Überweisung'],
      [470, 286, '200,00', true],
      [100, 298, 'Jonas Beispielmann'],
      [100, 310, 'Entnahme Urlaub'],
      [34, 326, '29.04.2026'],
      [100, 326, 'Dividendengutschrift'],
      [550, 326, '5,02', true],
      [100, 338, 'Weltportfolio Rentenfonds R'],
    ]);
    assert.deepEqual(
      r.map((x) => [x[2], x[1]]),
      [
        ['', 'Ausschüttung Rheinland Immobilienfonds I WKN A1B2C3'],
        ['', 'Dividendenzahlung Hanse Logistik AG Namensaktien Stück 40 Quellensteuer 11,90 EUR'],
        ['Jonas Beispielmann', 'Überweisung Einzahlung Sparrate'],
        ['Jonas Beispielmann', 'Überweisung Entnahme Urlaub'],
        ['', 'Dividendengutschrift Weltportfolio Rentenfonds R'],
      ],
    );
  });

  test('where the document prints the party under the type, a security’s income still names none', () => {
    for (const type of ['Dividendengutschrift', 'Ertragsgutschrift', 'Ausschüttung', 'Dividende']) {
      const split = splitCounterparty([type, 'Weltportfolio Rentenfonds R', 'WKN A1B2C3 · 25 Stück'], false, 'second');
      assert.equal(split.counterparty, '', type);
      assert.equal(split.text, `${type} Weltportfolio Rentenfonds R WKN A1B2C3 · 25 Stück`, type);
    }
    // A credit from a person keeps its payer below the type.
    assert.equal(splitCounterparty(['Gutschrift', 'Jonas Beispielmann', 'Rückzahlung Auslage'], false, 'second').counterparty, 'Jonas Beispielmann');
  });
});
