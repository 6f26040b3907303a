/**
 * The offence date of a fine notice in the charging sentence when words stand between `am` and the
 * date (issue 22, the real fine notices): its weekday (`am Freitag, dem 07.08.2026 um 14:35 Uhr`),
 * or on a photo a word of the neighbouring column that OCR read into the sentence. At most two
 * words: a date further on is another date. A notice of our own, a real text-layer PDF through the
 * real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('bussgeldbescheid', pages);

const notice = (charge: string): Line[][] => [
  [
    'Stadt Celle · Bußgeldstelle · Am Französischen Garten 1 · 29221 Celle',
    'Herrn Bastian Lüders · Hehlentorstraße 7 · 29223 Celle',
    row(['Aktenzeichen', 330], ['BG 2026-55812', 430]),
    row(['Datum', 330], ['02.09.2026', 430]),
    '',
    '# Bußgeldbescheid',
    '',
    charge,
    'innerhalb geschlossener Ortschaften die zulässige Höchstgeschwindigkeit um 23 km/h überschritten.',
    '',
    row(['Geldbuße', 56], ['115,00 €', -539]),
    row(['Gebühr', 56], ['28,50 €', -539]),
    row(['Auslagen', 56], ['3,50 €', -539]),
    row(['Gesamtbetrag', 56], ['147,00 €', -539]),
    '',
    'Der Gesamtbetrag ist innerhalb von zwei Wochen nach Rechtskraft zu zahlen.',
  ],
];

describe('the offence date after words in the charging sentence', () => {
  it('is read after its weekday', async () => {
    const a = await analysisOf(notice('Ihnen wird vorgeworfen, am Freitag, dem 07.08.2026 um 14:35 Uhr in Celle, Hafenstraße,'));
    assert.equal(a.key_numbers.tatdatum?.value, '07.08.2026', JSON.stringify(a.key_numbers));
  });
  it('is not read three words on', async () => {
    const a = await analysisOf(notice('Ihnen wird vorgeworfen, am Tag nach Zugang des Schreibens 07.08.2026 in Celle, Hafenstraße,'));
    assert.notEqual(a.key_numbers.tatdatum?.value, '07.08.2026', JSON.stringify(a.key_numbers));
  });
});
