import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { toLines } from '../../../src/pipeline/layout/lines.js';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthDoc, type SynthLine } from '../kontoauszug/synthetic.js';

/**
 * Issue 21, the real corpus: a text extraction that runs the end of a purpose line into the next
 * posting's first line glues that end to the booking date (`. 1.TAN 00023613.06.2016 13.06.2016
 * Überweisung 161,00-`, two S Broker statements). The posting, its amount and with it the
 * statement's reconciliation were lost. Where the glued date is followed by a second full date
 * close to it (the posting's date pair: booking and value date) and the document's postings
 * start with such a pair, the line is split before the glued date: the words in front stay the
 * previous posting's text, the rest is the posting's line.
 */
describe('a date pair whose first date is glued to the line before it (issue 21)', () => {
  const page: SynthLine[] = [
    [40, 40, 'Kontoauszug 6/2016'],
    [40, 60, 'Kontostand am 31.05.2016, Auszug Nr. 5 1.000,00+'],
    [40, 75, '01.06.2016 01.06.2016 Lastschrift 50,00-'],
    [40, 87, 'Stadtwerke Musterstadt'],
    [40, 99, '03.06.2016 03.06.2016 Gutschrift 20,00+'],
    [40, 111, 'Max Muster'],
    [40, 123, '10.06.2016 10.06.2016 Überweisung 9,00-'],
    [40, 135, 'Verein e.V.'],
    [40, 147, 'DATUM 10.06.2016, 19.41 UHR'],
    [40, 159, '. 1.TAN 00023613.06.2016 13.06.2016 Überweisung 161,00-'],
    [40, 171, 'Huk Coburg Versicherung'],
    [40, 183, 'Vertrag 606/999999-P K12.06.2016'],
    [40, 198, 'Kontostand am 30.06.2016, Auszug Nr. 6 800,00+'],
  ];

  test('the line is split before the glued date; the words in front are a line of their own', () => {
    const lines = toLines(synthDoc(page).pages);
    const i = lines.findIndex((l) => l.text.startsWith('13.06.2016'));
    assert.ok(i > 0, lines.map((l) => l.text).join(' | '));
    assert.equal(lines[i]!.text, '13.06.2016 13.06.2016 Überweisung 161,00-');
    assert.deepEqual(lines[i]!.dates.map((d) => d.word), [0, 1]);
    assert.equal(lines[i - 1]!.text, '. 1.TAN 000236');
    assert.deepEqual(lines.map((l) => l.index), lines.map((_, k) => k));
    // A date glued inside a purpose line with no date pair after it stays text.
    assert.ok(lines.some((l) => l.text === 'Vertrag 606/999999-P K12.06.2016'));
  });

  test('the posting is read and the statement reconciles', () => {
    const accounts = extractAccounts(synthDoc(page));
    assert.deepEqual(
      toTables(accounts)[0]!.rows.map((r) => `${r[0]} ${r[3]}`),
      ['01.06.2016 -50,00', '03.06.2016 20,00', '10.06.2016 -9,00', '13.06.2016 -161,00'],
    );
    assert.equal(accounts[0]!.info.reconciled, true);
  });

  test('no split where the two dates are far apart (a reference and an unrelated date)', () => {
    const far: SynthLine[] = page.map(([x, y, t]) => [x, y, t.replace('. 1.TAN 00023613.06.2016 13.06.2016', '. 1.TAN 00023613.01.2016 13.06.2016')]);
    const lines = toLines(synthDoc(far).pages);
    assert.ok(lines.some((l) => l.text.startsWith('. 1.TAN 00023613.01.2016')));
  });
});
