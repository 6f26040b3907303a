/**
 * `abweichung_von_erklaerung` (steuerbescheid): an assessment that states its result against what
 * the taxpayer asked for (`… höher als nach Ihrem Antrag`) deviates from the return or
 * application; a comparison with anything else (the year before) does not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldGerman } from '../../../src/pipeline/layout/fold.js';
import { letterPattern } from '../../../src/pipeline/layout/letter-words.js';

const deviation = letterPattern('deviation');
const deviates = (s: string) => deviation.test(foldGerman(s));

describe('the assessment deviates from the return', () => {
  it('a result higher or lower than applied for or declared is a deviation', () => {
    assert.ok(deviates('Die Steuer ist dadurch um 146,00 € höher als nach Ihrem Antrag.'));
    assert.ok(deviates('Die Steuer ist niedriger als in Ihrer Steuererklärung.'));
  });
  it('a comparison with the year before is none', () => {
    assert.ok(!deviates('Die Gebühr ist höher als im Vorjahr.'));
  });
});
