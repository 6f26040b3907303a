import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayNumber, parseDayMonth, parseGermanLongDate, resolveYear } from '../../src/domain/german-dates.js';

/** Statement dates: `DD.MM.`, `DD.MM.YY`, `DD.MM.YYYY`, and the year of a year-less date. */
test('parseDayMonth reads the three printed forms', () => {
  assert.deepEqual(parseDayMonth('03.01.'), { year: null, month: 1, day: 3 });
  assert.deepEqual(parseDayMonth('03.01.26'), { year: 2026, month: 1, day: 3 });
  assert.deepEqual(parseDayMonth('03.01.2026'), { year: 2026, month: 1, day: 3 });
  assert.deepEqual(parseDayMonth('29.02.'), { year: null, month: 2, day: 29 });
});

test('parseDayMonth refuses impossible dates and non-dates', () => {
  for (const t of ['31.02.', '32.01.2026', '00.01.', '12.13.', '1.234,56', '2026', '29.02.2025']) assert.equal(parseDayMonth(t), null, t);
});

test('resolveYear puts a year-less date into the statement period, across December→January', () => {
  const period = { start: { year: 2025, month: 12, day: 15 }, end: { year: 2026, month: 1, day: 14 } };
  assert.equal(resolveYear({ month: 12, day: 28 }, period), 2025);
  assert.equal(resolveYear({ month: 1, day: 3 }, period), 2026);
  // Slightly outside (value dates): the nearest year still wins.
  assert.equal(resolveYear({ month: 1, day: 16 }, period), 2026);
  assert.equal(resolveYear({ month: 12, day: 13 }, period), 2025);
  const march = { start: { year: 2026, month: 3, day: 1 }, end: { year: 2026, month: 3, day: 31 } };
  assert.equal(resolveYear({ month: 3, day: 15 }, march), 2026);
});

test('long dates and day numbers', () => {
  assert.deepEqual(parseGermanLongDate('Montag, 2. März 2026'), { year: 2026, month: 3, day: 2 });
  assert.equal(parseGermanLongDate('kein Datum'), null);
  assert.equal(dayNumber({ year: 2026, month: 1, day: 1 }) - dayNumber({ year: 2025, month: 12, day: 31 }), 1);
});
