/**
 * Geometry of the usage page's bar chart: one bar per UTC day of the billing period, drawn by
 * the template as SVG (no script, no inline style). Days without calls get an empty slot; days
 * after today are part of the axis but have no bar yet.
 */
export interface ChartBar {
  day: string;
  calls: number;
  x: number;
  y: number;
  width: number;
  height: number;
  future: boolean;
}

export interface UsageChart {
  width: number;
  height: number;
  /** Top of the plot area and its baseline, in SVG units. */
  top: number;
  baseline: number;
  left: number;
  bars: ChartBar[];
  /** The largest daily count (the y axis' top label); 0 when there were no calls. */
  max: number;
  total: number;
  busiest: { day: string; calls: number } | null;
  /** Days labelled on the x axis (first, every seventh, last). */
  labels: { x: number; day: string; anchor: 'start' | 'middle' | 'end' }[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** UTC days from the period's first to its last (the end instant is exclusive). */
export function periodDays(period: { start: Date; end: Date }): string[] {
  const days: string[] = [];
  const first = Math.floor(period.start.getTime() / DAY_MS);
  const last = Math.floor((period.end.getTime() - 1) / DAY_MS);
  for (let d = first; d <= last; d++) days.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return days;
}

export function usageChart(
  period: { start: Date; end: Date },
  counts: { day: string; calls: number }[],
  now: Date,
): UsageChart {
  const width = 720;
  const height = 220;
  const left = 40;
  const top = 16;
  const baseline = 180;
  const days = periodDays(period);
  const byDay = new Map(counts.map((c) => [c.day, c.calls]));
  const today = now.toISOString().slice(0, 10);
  const max = Math.max(0, ...counts.map((c) => c.calls));
  const slot = (width - left - 8) / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const bars = days.map((day, i) => {
    const calls = byDay.get(day) ?? 0;
    const h = max === 0 ? 0 : Math.max(calls > 0 ? 2 : 0, ((baseline - top) * calls) / max);
    return {
      day,
      calls,
      x: round(left + i * slot + (slot - barWidth) / 2),
      y: round(baseline - h),
      width: round(barWidth),
      height: round(h),
      future: day > today,
    };
  });
  const total = counts.reduce((sum, c) => sum + c.calls, 0);
  const busiest = counts.reduce<{ day: string; calls: number } | null>((best, c) => (!best || c.calls > best.calls ? c : best), null);
  const labels = bars
    .filter((_, i) => i === 0 || i === bars.length - 1 || (i % 7 === 0 && bars.length - 1 - i >= 4))
    .map((b, i, all) => ({
      x: i === 0 ? b.x : i === all.length - 1 ? round(b.x + b.width) : round(b.x + b.width / 2),
      day: b.day,
      // The first and last labels align with the plot's edges instead of running past them.
      anchor: i === 0 ? ('start' as const) : i === all.length - 1 ? ('end' as const) : ('middle' as const),
    }));
  return { width, height, top, baseline, left, bars, max, total, busiest, labels };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
