/**
 * The letter's date stands in its date slot (issue 22, batch F): the head's "Ort, den …" line or a
 * "Datum" label of the letterhead — never the first row of a table whose column is headed
 * "Datum" (a reminder listing the debits it chases). And an end date is the day the contract
 * ends, never the date by which the writer asks for an answer ("bestätigen Sie mir das
 * Vertragsende bis zum …"). Real text-layer PDFs through the real pipeline; the letters are our
 * own, built on those structures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import { letterRuns } from './letter-runs.js';

const reminder: Line[][] = [
  [
    'Musikschule Lindenau e. V. · Kirchplatz 2 · 04177 Leipzig',
    'Frau',
    'Marie Albrecht',
    'Gohliser Weg 9',
    '04155 Leipzig',
    row(['Leipzig, den 22.04.2026', 340]),
    '',
    '# Mahnung Unterrichtsentgelt',
    '',
    'Sehr geehrte Frau Albrecht,',
    'für den Unterricht Ihrer Tochter sind folgende Posten offen:',
    row(['Datum', 56], ['Posten', 140], ['Betrag', -480]),
    row(['02.02.2026', 56], ['Unterrichtsentgelt Februar', 140], ['64,00 €', -480]),
    row(['02.03.2026', 56], ['Unterrichtsentgelt März', 140], ['64,00 €', -480]),
    row(['22.04.2026', 56], ['Mahngebühr', 140], ['5,00 €', -480]),
    row(['Gesamtbetrag', 140], ['133,00 €', -480]),
    'Bitte überweisen Sie den Gesamtbetrag bis zum 06.05.2026 auf unser Konto.',
    'Mit freundlichen Grüßen',
  ],
];

const termination: Line[][] = [
  [
    row(['Jonas Weber', 340]),
    row(['Hauptstraße 5', 340]),
    row(['79098 Freiburg', 340]),
    'Stadtwerke Freiburg GmbH',
    'Kundenservice',
    'Postfach 1201',
    '79001 Freiburg',
    row(['Freiburg, 10.02.2026', 340]),
    '',
    '# Kündigung meines Stromvertrags, Kundennummer 88-1204',
    '',
    'Sehr geehrte Damen und Herren,',
    'hiermit kündige ich meinen Stromliefervertrag fristgerecht zum 30.04.2026.',
    'Bitte bestätigen Sie mir den Eingang und das Vertragsende bis zum 24.02.2026.',
    'Mit freundlichen Grüßen',
    'Jonas Weber',
  ],
];

const analysisOf = letterRuns();

describe('dates in their slots', () => {
  it('a reminder with a Datum column: the letter date is the head line, the deadline after it', async () => {
    const a = await analysisOf('mahnung', reminder);
    assert.equal(a.key_numbers.schreibdatum?.value, '22.04.2026', JSON.stringify(a.key_numbers));
    assert.equal(a.key_numbers.zahlungsfrist?.value, '06.05.2026', JSON.stringify(a.key_numbers));
  });

  it('a termination asking for confirmation by a date: the end date is the day the contract ends', async () => {
    const a = await analysisOf('kuendigung', termination);
    assert.equal(a.key_numbers.beendigungsdatum?.value, '30.04.2026', JSON.stringify(a.key_numbers));
  });
});
