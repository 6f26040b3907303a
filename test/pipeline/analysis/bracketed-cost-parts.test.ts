/**
 * A cost row that names its parts in brackets before its own figure (issue 22): `Auslagen
 * (Porto 4,11 EUR, Gutachten 12,00 EUR)   16,11 EUR` prints the row's amount after the bracket; the
 * amounts inside explain it and are not the row's value. The cost list's sum (Geldbuße + Gebühr
 * + Auslagen = Gesamtbetrag) shows which reading is right. A point given in words after the
 * register's name ("im Fahreignungsregister mit einem Punkt bewertet") is the count.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LoadedDocument } from '../../../src/pipeline/model/document.js';
import { bussgeldbescheidAnalyzer } from '../../../src/pipeline/stages/analysis/bussgeldbescheid/index.js';
import { analyzeLetter } from '../../support/analyze-letter.js';
import { cell, type PlacedWord, words } from '../../support/placed-words.js';

type W = PlacedWord;

function notice(prose: string[] = []): LoadedDocument {
  const all: W[] = [
    ...prose.flatMap((t, i) => words(160 + i * 7, 56, t)),
    ...words(60, 56, 'Stadt Musterhausen Bußgeldstelle'),
    ...words(100, 56, 'Bußgeldbescheid'),
    ...words(100, 400, 'Datum 03.03.2025'),
    ...words(130, 56, 'Ihnen wird vorgeworfen, am 12.01.2025 um 08:40 Uhr als Halter eines Lkw die zulässige'),
    ...words(144, 56, 'Achslast überschritten zu haben. Die Tat wird im Fahreignungsregister mit einem Punkt bewertet.'),
    ...words(180, 56, 'Geldbuße'),
    ...words(180, 470, '110,00 EUR'),
    ...words(194, 56, 'Gebühr'),
    ...words(194, 470, '28,50 EUR'),
    ...words(208, 56, 'Auslagen (Porto 4,11 EUR, Gutachten 12,00 EUR)'),
    ...words(208, 470, '16,11 EUR'),
    ...words(222, 56, 'Gesamtbetrag'),
    ...words(222, 464, '154,61 EUR'),
  ];
  return { format: 'pdf', pages: [{ number: 1, width: 595, height: 842, source: 'pdf', cells: all.map(cell) }] };
}

describe('cost parts named in brackets before the row’s figure', () => {
  it('the figure after the bracket is the row’s amount, and the cost list adds up with it', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice());
    assert.equal(a.key_numbers.auslagen?.value, '16,11 EUR', JSON.stringify(a.key_numbers));
    assert.equal(a.key_numbers.gesamtbetrag?.value, '154,61 EUR');
    assert.deepEqual(a.checks?.map((c) => c.holds), [true], JSON.stringify(a.checks));
  });

  it('an amount named in the text before the cost list that breaks its sum is not the key', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice(['Auslagen für die Zustellung 4,11 EUR und das Gutachten 12,00 EUR werden erhoben.']));
    assert.equal(a.key_numbers.auslagen?.value, '16,11 EUR', JSON.stringify(a.key_numbers));
    assert.deepEqual(a.checks?.map((c) => c.holds), [true], JSON.stringify(a.checks));
  });

  it('one point written in words after the register’s name is the count', () => {
    const a = analyzeLetter(bussgeldbescheidAnalyzer, 'bussgeldbescheid', notice());
    assert.equal(a.key_numbers.punkte?.value, '1');
  });
});
