import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractAccounts, toTables } from '../../../src/pipeline/stages/kontoauszug/engine.js';
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
});
