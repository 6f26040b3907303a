/**
 * Monthly billing periods anchored on a start instant (SPEC §4): period k runs from
 * anchor + k months to anchor + (k+1) months, UTC. A day that a month lacks is clamped to the
 * month's last day (anchor Jan 31 → Feb 28/29 → Mar 31), always computed from the anchor, so a
 * short month never shifts the periods after it.
 */
export interface BillingPeriod {
  start: Date;
  end: Date;
}

export function addMonthsClamped(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** The period that contains `now`. An anchor in the future yields the first period. */
export function periodContaining(anchor: Date, now: Date): BillingPeriod {
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: addMonthsClamped(anchor, 1) };
  const approx =
    (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  // The month difference is exact or one too high; step back until start <= now.
  let k = Math.max(0, approx);
  while (k > 0 && addMonthsClamped(anchor, k).getTime() > now.getTime()) k -= 1;
  return { start: addMonthsClamped(anchor, k), end: addMonthsClamped(anchor, k + 1) };
}
