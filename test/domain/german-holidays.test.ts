/** src/domain/german-holidays.ts: Easter-based and fixed holidays, working days. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromIso, toIso } from '../../src/domain/german-dates.js';
import { easterSunday, holidayOn, holidaysOf, isWorkingDay, nextWorkingDay } from '../../src/domain/german-holidays.js';

describe('easterSunday', () => {
  for (const [year, iso] of [
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ] as const) {
    it(`${year} → ${iso}`, () => assert.equal(toIso(easterSunday(year)), iso));
  }
});

describe('holidaysOf / holidayOn', () => {
  it('2026 nationwide movable holidays follow Easter', () => {
    const names = Object.fromEntries(holidaysOf(2026).map((h) => [h.name, toIso(h.date)]));
    assert.equal(names['Karfreitag'], '2026-04-03');
    assert.equal(names['Ostermontag'], '2026-04-06');
    assert.equal(names['Christi Himmelfahrt'], '2026-05-14');
    assert.equal(names['Pfingstmontag'], '2026-05-25');
    assert.equal(names['Fronleichnam'], '2026-06-04');
    assert.equal(names['Buß- und Bettag'], '2026-11-18');
  });
  it('state holidays count only for their state', () => {
    assert.equal(holidayOn(fromIso('2026-06-04')), null);
    assert.equal(holidayOn(fromIso('2026-06-04'), 'BY')?.name, 'Fronleichnam');
    assert.equal(holidayOn(fromIso('2026-06-04'), 'NI'), null);
    assert.equal(holidayOn(fromIso('2026-10-31'), 'SN')?.name, 'Reformationstag');
    assert.equal(holidayOn(fromIso('2025-11-19'), 'SN')?.name, 'Buß- und Bettag');
  });
  it('fixed nationwide holidays', () => {
    for (const iso of ['2026-01-01', '2026-05-01', '2026-10-03', '2026-12-25', '2026-12-26']) assert.ok(holidayOn(fromIso(iso)), iso);
  });
});

describe('isWorkingDay / nextWorkingDay', () => {
  it('weekends are not working days', () => {
    assert.equal(isWorkingDay(fromIso('2026-03-07')), false); // Saturday
    assert.equal(isWorkingDay(fromIso('2026-03-08')), false); // Sunday
    assert.equal(isWorkingDay(fromIso('2026-03-09')), true);
  });
  it('Good Friday moves over Easter to Tuesday', () => assert.equal(toIso(nextWorkingDay(fromIso('2026-04-03'))), '2026-04-07'));
  it('Christmas on Friday moves to Monday the 28th', () => assert.equal(toIso(nextWorkingDay(fromIso('2026-12-25'))), '2026-12-28'));
  it('a working day stays', () => assert.equal(toIso(nextWorkingDay(fromIso('2026-04-08'))), '2026-04-08'));
});
