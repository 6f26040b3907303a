/**
 * The rows a reminder sums into one of its key amounts (issue 22, batch I's reminders): a music
 * school's fee per month summed into the claim is an amount the letter sets, under the row's name
 * (the month beside its year); rows that do not add up to the amount below them are left out. A
 * reminder of our own, a real text-layer PDF through the real pipeline.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Line, lv, row } from '../../../scripts/fixtures/analysis/unseen/model.js';
import type { Analysis } from '../../../src/pipeline/model/result.js';
import { letterRuns } from './letter-runs.js';

const analyse = letterRuns();
const analysisOf = (pages: Line[][]): Promise<Analysis> => analyse('mahnung', pages);

const values = (a: Analysis) => Object.values(a.key_numbers).map((k) => k?.value);

/** Oktober 48,00 + November 52,50 = 100,50 open fees; Mahngebühr 3,00; total 103,50. */
const reminder = (november: string): Line[][] => [
  [
    '# Musikschule am Stadtpark e. V.',
    'Parkallee 4 · 28209 Bremen',
    '',
    row(['Frau', 56], ['Datum', 340], ['12.12.2026', 440]),
    row(['Imke Oltmanns', 56], ['Schülernummer', 340], ['3317', 440]),
    row(['Am Wall 120', 56]),
    row(['28195 Bremen', 56]),
    '',
    '# Mahnung',
    '',
    'Sehr geehrte Frau Oltmanns,',
    '',
    'für den Unterricht Ihrer Tochter sind die folgenden Gebühren noch offen:',
    '',
    row(['Monat', 56], ['Unterrichtsgebühr', -539]),
    row(['Oktober 2026', 56], ['48,00 €', -539]),
    row(['November 2026', 56], [november, -539]),
    lv('offene Gebühren', '100,50 €'),
    lv('Mahngebühr', '3,00 €'),
    lv('Gesamtbetrag', '103,50 €'),
    '',
    'Bitte überweisen Sie den Gesamtbetrag bis zum 28.12.2026.',
    '',
    'Mit freundlichen Grüßen',
    'Ihre Musikschule',
  ],
];

describe('the rows summed into a key amount of a reminder', () => {
  it('are amounts the letter sets, under their names', async () => {
    const a = await analysisOf(reminder('52,50 €'));
    assert.equal(a.key_numbers.november?.value, '52,50 €', JSON.stringify(a.key_numbers));
    assert.ok(values(a).includes('48,00 €'), JSON.stringify(a.key_numbers));
  });
  it('are left out where they do not add up to the amount below them', async () => {
    const a = await analysisOf(reminder('55,50 €'));
    assert.ok(!values(a).includes('55,50 €') && !values(a).includes('48,00 €'), JSON.stringify(a.key_numbers));
  });
});
