import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts } from '../../../src/pipeline/stages/kontoauszug/engine.js';
import { synthOcrDoc, type SynthLine } from './synthetic.js';

/**
 * Issue 21 (blind batch 11 on scans): a statement that prints its balances only in a box after
 * the list (`Anfangssaldo`, `Summe Soll`, `Summe Haben`, `Endsaldo`), scanned, where OCR lost the
 * opening's decimal comma (`4711 H` for `47,11 H`). The digits as euros and cents are taken only
 * where the box's own arithmetic (alt + Haben − Soll = neu) confirms them (lost-comma-opening.ts).
 * Our own wording and layout.
 */
const list: SynthLine[] = [
  [40, 30, 'Genossenschaftsbank Talheim eG Kontoauszug 3/2025'],
  [40, 90, 'Datum'],
  [120, 90, 'Buchungstext'],
  [520, 90, 'Umsatz', true],
  [530, 90, 'S/H'],
  [40, 102, '03.03.'],
  [120, 102, 'Gutschrift Musikverein Talheim'],
  [520, 102, '250,00', true],
  [530, 102, 'H'],
  [40, 114, '17.03.'],
  [120, 114, 'Lastschrift Stadtwerke Talheim'],
  [520, 114, '312,40', true],
  [530, 114, 'S'],
];
const box = (opening: string, soll = '312,40'): SynthLine[] => [
  [120, 140, `Anfangssaldo vom 28.02.2025 ${opening}`],
  [530, 140, 'H'],
  [120, 152, 'Summe Soll'],
  [520, 152, soll, true],
  [530, 152, 'S'],
  [120, 164, 'Summe Haben'],
  [520, 164, '250,00', true],
  [530, 164, 'H'],
  [120, 176, 'Endsaldo vom 31.03.2025'],
  [520, 176, '15,29', true],
  [530, 176, 'S'],
];
const balances = (page: SynthLine[]): [string | null, string | null, boolean] => {
  const i = extractAccounts(synthOcrDoc(page))[0]!.info;
  return [i.opening_balance, i.closing_balance, i.reconciled];
};

describe('an opening balance whose decimal comma OCR lost (issue 21)', () => {
  test('the digits as euros and cents, confirmed by the box\'s sums, open the statement', () => {
    // 47,11 + 250,00 − 312,40 = −15,29
    assert.deepEqual(balances([...list, ...box('4711')]), ['47,11', '-15,29', true]);
  });

  test('digits the box\'s arithmetic does not confirm stay unread', () => {
    assert.equal(balances([...list, ...box('4712')])[0], null);
  });

  test('without both sums printed nothing confirms them: unread', () => {
    const page = [...list, ...box('4711')].filter((l) => l[1] !== 152);
    assert.equal(balances(page)[0], null);
  });
});
