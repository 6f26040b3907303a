/**
 * The amounts a notice sets in its tenor (issue 22, batch F): German Bescheide state what they
 * set either in one sentence ("Die Zweitwohnungsteuer wird festgesetzt auf 412,00 €") or in a
 * table introduced by the tenor ("… setzen wir die Beiträge wie folgt fest:") with no
 * `Festsetzung` heading. Both are amounts the notice sets and become key numbers under their
 * printed labels. Our own notices on those structures, real text-layer PDFs through the real
 * pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const head = (date: string): Line[] => [
  'Stadt Konstanz · Steueramt · Kanzleistraße 15 · 78462 Konstanz',
  row(['Herrn', 56], ['Datum', 340], [date, 440]),
  row(['Paul Merz', 56], ['Steuernummer', 340], ['7.204.1188', 440]),
  'Seestraße 8',
  '78464 Konstanz',
  '',
];

const oneSentence: Line[][] = [
  [
    ...head('09.03.2026'),
    '# Bescheid über Zweitwohnungsteuer 2026',
    '',
    row(['Die Zweitwohnungsteuer wird festgesetzt auf', 56], ['412,00 €', -540]),
    'Bitte zahlen Sie den Betrag bis zum 15.04.2026.',
    '## Rechtsbehelfsbelehrung',
    'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
  ],
];

const introduced: Line[][] = [
  [
    ...head('02.02.2026'),
    '# Bescheid über Hundesteuer 2026',
    '',
    'Für Ihre beiden Hunde wird die Hundesteuer für das Jahr 2026 wie folgt festgesetzt:',
    row(['Steuer für den ersten Hund', 56], ['96,00 €', -540]),
    row(['Steuer für den zweiten Hund', 56], ['144,00 €', -540]),
    row(['Jahressteuer', 56], ['240,00 €', -540]),
    'Die Steuer ist zur Hälfte am 15.02.2026 und zur Hälfte am 15.08.2026 fällig und wird abgebucht.',
    '## Rechtsbehelfsbelehrung',
    'Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden.',
  ],
];

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('steuerbescheid', pages);

const values = (a: Analysis) => Object.values(a.key_numbers).map((k) => k.value);

describe('amounts a notice sets in its tenor', () => {
  it('one sentence: "Die … wird festgesetzt auf …"', async () => {
    const a = await analysisOf(oneSentence);
    assert.ok(values(a).includes('412,00 €'), JSON.stringify(a.key_numbers));
  });

  it('a table introduced by "… wie folgt festgesetzt:"', async () => {
    const a = await analysisOf(introduced);
    for (const v of ['96,00 €', '144,00 €', '240,00 €']) assert.ok(values(a).includes(v), `${v}: ${JSON.stringify(a.key_numbers)}`);
  });
});
