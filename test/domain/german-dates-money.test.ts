/** The analysis side of src/domain/german-dates.ts and src/domain/money.ts (the bank-statement side has its own tests). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addMonths, daysBetween, findGermanDates, formatGermanDate, fromIso, parseGermanDate, toIso } from '../../src/domain/german-dates.js';
import { amountToCents, formatEuro, parseGermanAmount } from '../../src/domain/money.js';

describe('german dates', () => {
  it('parses numeric, short-year and named dates', () => {
    assert.equal(toIso(parseGermanDate('14.05.2026')!), '2026-05-14');
    assert.equal(toIso(parseGermanDate('3.4.26')!), '2026-04-03');
    assert.equal(toIso(parseGermanDate('14. Mai 2026')!), '2026-05-14');
    assert.equal(toIso(parseGermanDate('1. Maerz 2026')!), '2026-03-01');
    assert.equal(parseGermanDate('31.02.2026'), null);
    assert.equal(parseGermanDate('12,50'), null);
  });
  it('finds dates in text', () => {
    assert.deepEqual(findGermanDates('Bescheid vom 14.05.2026, Frist bis 18. Juni 2026.').map((x) => toIso(x.date)), ['2026-05-14', '2026-06-18']);
  });
  it('month arithmetic clamps to the month’s last day (§188 Abs. 3 BGB)', () => {
    assert.equal(toIso(addMonths(fromIso('2026-01-31'), 1)), '2026-02-28');
    assert.equal(toIso(addMonths(fromIso('2024-01-31'), 1)), '2024-02-29');
    assert.equal(toIso(addMonths(fromIso('2026-11-30'), 3)), '2027-02-28');
    assert.equal(toIso(addMonths(fromIso('2026-03-15'), -3)), '2025-12-15');
  });
  it('days between and formatting', () => {
    assert.equal(daysBetween(fromIso('2026-04-10'), fromIso('2026-04-24')), 14);
    assert.equal(formatGermanDate(fromIso('2026-06-05')), '05.06.2026');
  });
});

describe('money', () => {
  it('parses German amounts with sign as printed', () => {
    assert.deepEqual(parseGermanAmount('1.234,56 €'), { cents: 123_456, sign: null });
    assert.deepEqual(parseGermanAmount('-84,00'), { cents: 8_400, sign: '-' });
    assert.deepEqual(parseGermanAmount('84,00-'), { cents: 8_400, sign: '-' });
    assert.equal(parseGermanAmount('14.05.2026'), null);
  });
  it('amountToCents is signed; U+2212 is a minus', () => {
    assert.equal(amountToCents('\u22127,45'), -745);
    assert.equal(amountToCents('EUR 12,50'), 1_250);
    assert.equal(amountToCents('1 234,56'), 123_456);
  });
  it('formats cents', () => {
    assert.equal(formatEuro(123_456), '1.234,56 €');
    assert.equal(formatEuro(-5), '-0,05 €');
  });
});
