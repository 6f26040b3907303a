import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addMonthsClamped, periodContaining } from '../../src/domain/billing-period.js';

const d = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('addMonthsClamped', () => {
  it('adds whole months keeping day and time of day', () => {
    assert.equal(iso(addMonthsClamped(d('2026-03-15T10:20:30.456Z'), 1)), '2026-04-15T10:20:30.456Z');
    assert.equal(iso(addMonthsClamped(d('2026-03-15T10:20:30.456Z'), 0)), '2026-03-15T10:20:30.456Z');
  });

  it('clamps Jan 31 to the last day of February (common and leap year)', () => {
    assert.equal(iso(addMonthsClamped(d('2027-01-31T08:00:00.000Z'), 1)), '2027-02-28T08:00:00.000Z');
    assert.equal(iso(addMonthsClamped(d('2028-01-31T08:00:00.000Z'), 1)), '2028-02-29T08:00:00.000Z');
  });

  it('computes from the anchor, so Jan 31 + 2 months is Mar 31, not Mar 28/29', () => {
    assert.equal(iso(addMonthsClamped(d('2027-01-31T00:00:00.000Z'), 2)), '2027-03-31T00:00:00.000Z');
    assert.equal(iso(addMonthsClamped(d('2028-01-31T00:00:00.000Z'), 2)), '2028-03-31T00:00:00.000Z');
    // April has 30 days: clamped again, May back to 31.
    assert.equal(iso(addMonthsClamped(d('2027-01-31T00:00:00.000Z'), 3)), '2027-04-30T00:00:00.000Z');
    assert.equal(iso(addMonthsClamped(d('2027-01-31T00:00:00.000Z'), 4)), '2027-05-31T00:00:00.000Z');
  });

  it('rolls December into January of the next year', () => {
    assert.equal(iso(addMonthsClamped(d('2026-12-15T12:00:00.000Z'), 1)), '2027-01-15T12:00:00.000Z');
    assert.equal(iso(addMonthsClamped(d('2026-12-31T23:59:59.999Z'), 1)), '2027-01-31T23:59:59.999Z');
    assert.equal(iso(addMonthsClamped(d('2026-11-30T00:00:00.000Z'), 3)), '2027-02-28T00:00:00.000Z');
  });

  it('handles many months and several years', () => {
    assert.equal(iso(addMonthsClamped(d('2026-05-10T00:00:00.000Z'), 12)), '2027-05-10T00:00:00.000Z');
    assert.equal(iso(addMonthsClamped(d('2026-05-10T00:00:00.000Z'), 25)), '2028-06-10T00:00:00.000Z');
    // Feb 29 anchor: four years later is Feb 29 again, one year later Feb 28.
    assert.equal(iso(addMonthsClamped(d('2028-02-29T00:00:00.000Z'), 12)), '2029-02-28T00:00:00.000Z');
    assert.equal(iso(addMonthsClamped(d('2028-02-29T00:00:00.000Z'), 48)), '2032-02-29T00:00:00.000Z');
  });

  it('uses UTC fields, not the local time zone', () => {
    // 23:30 UTC on the 31st: a naive local-time implementation east of UTC would see the 1st.
    assert.equal(iso(addMonthsClamped(d('2026-08-31T23:30:00.000Z'), 1)), '2026-09-30T23:30:00.000Z');
  });

  it('does not mutate the anchor', () => {
    const anchor = d('2026-01-31T00:00:00.000Z');
    addMonthsClamped(anchor, 5);
    assert.equal(iso(anchor), '2026-01-31T00:00:00.000Z');
  });
});

describe('periodContaining', () => {
  const anchor = d('2026-03-15T10:00:00.000Z');

  it('returns the first period for an instant inside it', () => {
    const p = periodContaining(anchor, d('2026-03-20T00:00:00.000Z'));
    assert.equal(iso(p.start), '2026-03-15T10:00:00.000Z');
    assert.equal(iso(p.end), '2026-04-15T10:00:00.000Z');
  });

  it('the anchor instant itself belongs to the first period', () => {
    const p = periodContaining(anchor, anchor);
    assert.equal(iso(p.start), iso(anchor));
  });

  it('the exact boundary instant belongs to the next period; one millisecond before to the previous', () => {
    const atBoundary = periodContaining(anchor, d('2026-04-15T10:00:00.000Z'));
    assert.equal(iso(atBoundary.start), '2026-04-15T10:00:00.000Z');
    assert.equal(iso(atBoundary.end), '2026-05-15T10:00:00.000Z');
    const justBefore = periodContaining(anchor, d('2026-04-15T09:59:59.999Z'));
    assert.equal(iso(justBefore.start), '2026-03-15T10:00:00.000Z');
    assert.equal(iso(justBefore.end), '2026-04-15T10:00:00.000Z');
  });

  it('the same calendar day before the anchor time is still the previous period', () => {
    const p = periodContaining(anchor, d('2026-06-15T09:00:00.000Z'));
    assert.equal(iso(p.start), '2026-05-15T10:00:00.000Z');
    assert.equal(iso(p.end), '2026-06-15T10:00:00.000Z');
  });

  it('an anchor in the future yields the first period', () => {
    const p = periodContaining(anchor, d('2026-01-01T00:00:00.000Z'));
    assert.equal(iso(p.start), iso(anchor));
    assert.equal(iso(p.end), '2026-04-15T10:00:00.000Z');
  });

  it('finds the period many months later', () => {
    const p = periodContaining(anchor, d('2029-11-02T00:00:00.000Z'));
    assert.equal(iso(p.start), '2029-10-15T10:00:00.000Z');
    assert.equal(iso(p.end), '2029-11-15T10:00:00.000Z');
  });

  it('month-end anchor: periods follow the clamped anchor dates and never drift', () => {
    const monthEnd = d('2027-01-31T00:00:00.000Z');
    const feb = periodContaining(monthEnd, d('2027-03-01T00:00:00.000Z'));
    assert.equal(iso(feb.start), '2027-02-28T00:00:00.000Z');
    assert.equal(iso(feb.end), '2027-03-31T00:00:00.000Z');
    const mar30 = periodContaining(monthEnd, d('2027-03-30T12:00:00.000Z'));
    assert.equal(iso(mar30.start), '2027-02-28T00:00:00.000Z');
    const mar31 = periodContaining(monthEnd, d('2027-03-31T00:00:00.000Z'));
    assert.equal(iso(mar31.start), '2027-03-31T00:00:00.000Z');
    assert.equal(iso(mar31.end), '2027-04-30T00:00:00.000Z');
    const dec = periodContaining(monthEnd, d('2027-12-31T00:00:00.000Z'));
    assert.equal(iso(dec.start), '2027-12-31T00:00:00.000Z');
    assert.equal(iso(dec.end), '2028-01-31T00:00:00.000Z');
  });

  it('leap-year month-end anchor: Feb 29 then Mar 31', () => {
    const p = periodContaining(d('2028-01-31T00:00:00.000Z'), d('2028-03-05T00:00:00.000Z'));
    assert.equal(iso(p.start), '2028-02-29T00:00:00.000Z');
    assert.equal(iso(p.end), '2028-03-31T00:00:00.000Z');
  });

  it('every instant lies in [start, end) and consecutive periods tile time (sweep over 3 years)', () => {
    const anchors = ['2026-01-31T00:00:00.000Z', '2026-02-28T12:00:00.000Z', '2026-05-30T23:59:59.999Z', '2026-07-01T00:00:00.000Z'];
    for (const a of anchors) {
      const anchorDate = d(a);
      let previousEnd: string | null = null;
      for (let k = 0; k < 36; k++) {
        const start = addMonthsClamped(anchorDate, k);
        const end = addMonthsClamped(anchorDate, k + 1);
        if (previousEnd) assert.equal(iso(start), previousEnd, `anchor ${a}, period ${k}`);
        previousEnd = iso(end);
        for (const t of [start.getTime(), (start.getTime() + end.getTime()) / 2, end.getTime() - 1]) {
          const p = periodContaining(anchorDate, new Date(t));
          assert.equal(iso(p.start), iso(start), `anchor ${a}, k ${k}, t ${new Date(t).toISOString()}`);
          assert.equal(iso(p.end), iso(end));
        }
      }
    }
  });
});
