import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { monthFromName } from '../../../src/domain/german-dates.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21, blind batch 7 `zahlungsinstitut-datum-unten`: each posting's date on the line UNDER
 * its text and amount. Read top to bottom every date took the next posting's amount; the reading
 * with the date below (date-below.ts) reproduces the printed balances and is kept. Other wording
 * than the fixture: German text, numeric dates, oldest first, amounts signed in one column.
 */
const page: SynthLine[] = [
  [40, 30, 'Beispiel Zahlungsdienste AG Kontoübersicht'],
  [40, 50, 'Jonas Weber IBAN DE89 3704 0044 0532 0130 00'],
  [40, 62, 'Zeitraum 01.07.2025 - 31.07.2025'],
  [40, 80, 'Anfangssaldo'],
  [545, 80, '1.000,00', true],
  [40, 92, 'Endsaldo'],
  [545, 92, '1.766,50', true],
  [40, 110, 'Vorgang'],
  [470, 110, 'Betrag', true],
  [545, 110, 'Kontostand', true],
  [40, 124, 'Überweisung an Stadtwerke Köln'],
  [470, 124, '-84,00', true],
  [545, 124, '916,00', true],
  [40, 134, '03.07.2025 Auftrag 4711'],
  [40, 148, 'Gutschrift von Musterfirma GmbH'],
  [470, 148, '1.200,00', true],
  [545, 148, '2.116,00', true],
  [40, 158, '15.07.2025 Auftrag 4712'],
  [40, 172, 'Kartenzahlung bei Rewe Markt'],
  [470, 172, '-49,50', true],
  [545, 172, '2.066,50', true],
  [40, 182, '21.07.2025 Auftrag 4713'],
  [40, 196, 'Lastschrift an Vermieter Becker'],
  [470, 196, '-300,00', true],
  [545, 196, '1.766,50', true],
  [40, 206, '28.07.2025 Auftrag 4714'],
];

describe('dates printed under their posting (issue 21)', () => {
  test('each date goes with the amount line above it, and the balances reconcile', () => {
    const [a] = extractAccounts(synthDoc(page));
    assert.ok(a);
    assert.equal(a.info.reconciled, true);
    const rows = toTables([a])[0]!.rows.map((r) => [r[0], r[3]]);
    assert.deepEqual(rows, [
      ['03.07.2025', '-84,00'],
      ['15.07.2025', '1.200,00'],
      ['21.07.2025', '-49,50'],
      ['28.07.2025', '-300,00'],
    ]);
  });

  test('English month names the German ones do not cover read as months', () => {
    assert.deepEqual(['June', 'July', 'Jun', 'Jul', 'March'].map(monthFromName), [6, 7, 6, 7, 3]);
  });
});
