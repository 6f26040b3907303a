/**
 * A municipal tax notice whose Abrechnung ends in a row no SPEC label names (issue 22, batch I's
 * leftovers, docs/blind-batch-i.md): a city's Vergnügungsteuer on gaming machines, months as rows
 * with the tax in a column whose header prints its rate (`Steuer 12 %`), the quarter's total row,
 * then `festgesetzte Steuer | abzüglich Vorauszahlung | verbleibende Steuer | Säumniszuschlag |
 * Zahlbetrag insgesamt`. The remaining tax is the Nachzahlung where the rows add up to it (the
 * check reported), the surcharge and the sum to pay are key numbers under their labels, each
 * month's amount is its tax, not its base; where the remaining row does not add up, no
 * Nachzahlung. A letter of our own, a real text-layer PDF through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns, keyValues } from './letter-runs.js';

const run = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => run('steuerbescheid', pages);

const values = keyValues;

/** Jul 8.150,00 → 978,00; Aug 9.020,50 → 1.082,46; Sep 7.600,00 → 912,00; 2.972,46 − 1.800,00 = 1.172,46; + 45,00 = 1.217,46. */
function notice(remaining: string): Line[][] {
  return [
    [
      '# Stadt Hameln',
      'Fachbereich Finanzen · Steuerabteilung · Rathausplatz 1 · 31785 Hameln',
      '',
      row(['Spielhalle Weserblick GmbH', 56], ['Kassenzeichen', 330], ['VgSt 2026-0318', 430]),
      row(['Bäckerstraße 12', 56], ['Bescheiddatum', 330], ['12.10.2026', 430]),
      row(['31785 Hameln', 56]),
      '',
      '# Bescheid über Vergnügungsteuer für Spielgeräte',
      'Zeitraum: III. Quartal 2026',
      '',
      'Sehr geehrte Damen und Herren,',
      '',
      'nach der Vergnügungsteuersatzung der Stadt Hameln wird die Steuer für Ihre Geräte wie folgt festgesetzt:',
      '',
      row(['Monat', 56], ['Geräte', -250], ['Einspielergebnis', -420], ['Steuer 12 %', -539]),
      row(['Juli 2026', 56], ['6', -250], ['8.150,00', -420], ['978,00', -539]),
      row(['August 2026', 56], ['6', -250], ['9.020,50', -420], ['1.082,46', -539]),
      row(['September 2026', 56], ['6', -250], ['7.600,00', -420], ['912,00', -539]),
      lv('Vergnügungsteuer III. Quartal 2026', '2.972,46 €'),
      '',
      '# Abrechnung',
      lv('festgesetzte Vergnügungsteuer', '2.972,46 €'),
      lv('abzüglich Vorauszahlung vom 15.08.2026', '1.800,00 €'),
      lv('verbleibende Steuer', remaining),
      lv('Säumniszuschlag', '45,00 €'),
      lv('Zahlbetrag insgesamt', '1.217,46 €'),
      '',
      'Bitte überweisen Sie den Zahlbetrag bis zum 16.11.2026 an die Stadtkasse Hameln.',
      '',
      '# Rechtsbehelfsbelehrung',
      'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
      '',
      'Mit freundlichen Grüßen',
      'Im Auftrag',
      'Brinkmann',
    ],
  ];
}

describe('an Abrechnung whose result row no SPEC label names', () => {
  it('the remaining tax is the Nachzahlung, checked; what it adds and the sum to pay are key numbers', async () => {
    const a = await analysisOf(notice('1.172,46 €'));
    const v = values(a);
    assert.equal(v.nachzahlung, '1.172,46 €', JSON.stringify(v));
    assert.ok(a.checks.some((c) => c.holds && c.values.nachzahlung === '1.172,46 €'), JSON.stringify(a.checks));
    assert.ok(a.review_flags.some((f) => f.topic === 'nachzahlung'), JSON.stringify(a.review_flags));
    assert.equal(v.saeumniszuschlag, '45,00 €', JSON.stringify(v));
    assert.equal(v.zahlbetrag_insgesamt, '1.217,46 €', JSON.stringify(v));
  });
  it('each month is read from the tax column whose header prints the rate, not from its base', async () => {
    const v = values(await analysisOf(notice('1.172,46 €')));
    assert.equal(v.august, '1.082,46', JSON.stringify(v));
    assert.ok(!Object.values(v).includes('9.020,50'), JSON.stringify(v));
  });
  it('a remaining row that does not add up is no Nachzahlung', async () => {
    const a = await analysisOf(notice('1.272,46 €'));
    assert.equal(a.key_numbers.nachzahlung, undefined, JSON.stringify(values(a)));
    assert.ok(!a.checks.some((c) => c.values.nachzahlung === '1.272,46 €'), JSON.stringify(a.checks));
  });
});
