/**
 * German public holidays (gesetzliche Feiertage) and working days, for moving the end of a
 * legal period that falls on a Saturday, Sunday or public holiday to the next working day
 * (§108 Abs. 3 AO, §193 BGB, §222 Abs. 2 ZPO, §43 Abs. 2 StPO). Nationwide holidays always
 * count; state holidays only when the state is given, because the place of the authority or
 * court decides and a letter does not always say which state that is. Pure.
 */
import { addDays, type CalendarDate, toIso, weekday } from './german-dates.js';

export type GermanState =
  | 'BW' | 'BY' | 'BE' | 'BB' | 'HB' | 'HH' | 'HE' | 'MV' | 'NI' | 'NW' | 'RP' | 'SL' | 'SN' | 'ST' | 'SH' | 'TH';

/** Easter Sunday (Gregorian calendar, anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

export interface Holiday {
  date: CalendarDate;
  name: string;
  /** Empty: nationwide. */
  states: readonly GermanState[];
}

/** Buß- und Bettag: the Wednesday before 23 November. */
function repentanceDay(year: number): CalendarDate {
  let d: CalendarDate = { year, month: 11, day: 22 };
  while (weekday(d) !== 3) d = addDays(d, -1);
  return d;
}

export function holidaysOf(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number): CalendarDate => ({ year, month, day });
  const list: Holiday[] = [
    { date: fixed(1, 1), name: 'Neujahr', states: [] },
    { date: fixed(1, 6), name: 'Heilige Drei Könige', states: ['BW', 'BY', 'ST'] },
    { date: fixed(3, 8), name: 'Internationaler Frauentag', states: year >= 2023 ? ['BE', 'MV'] : ['BE'] },
    { date: addDays(easter, -2), name: 'Karfreitag', states: [] },
    { date: easter, name: 'Ostersonntag', states: ['BB'] },
    { date: addDays(easter, 1), name: 'Ostermontag', states: [] },
    { date: fixed(5, 1), name: 'Tag der Arbeit', states: [] },
    { date: addDays(easter, 39), name: 'Christi Himmelfahrt', states: [] },
    { date: addDays(easter, 49), name: 'Pfingstsonntag', states: ['BB'] },
    { date: addDays(easter, 50), name: 'Pfingstmontag', states: [] },
    { date: addDays(easter, 60), name: 'Fronleichnam', states: ['BW', 'BY', 'HE', 'NW', 'RP', 'SL'] },
    { date: fixed(8, 15), name: 'Mariä Himmelfahrt', states: ['SL'] },
    { date: fixed(9, 20), name: 'Weltkindertag', states: year >= 2019 ? ['TH'] : [] },
    { date: fixed(10, 3), name: 'Tag der Deutschen Einheit', states: [] },
    { date: fixed(10, 31), name: 'Reformationstag', states: ['BB', 'HB', 'HH', 'MV', 'NI', 'SN', 'ST', 'SH', 'TH'] },
    { date: fixed(11, 1), name: 'Allerheiligen', states: ['BW', 'BY', 'NW', 'RP', 'SL'] },
    { date: repentanceDay(year), name: 'Buß- und Bettag', states: ['SN'] },
    { date: fixed(12, 25), name: '1. Weihnachtstag', states: [] },
    { date: fixed(12, 26), name: '2. Weihnachtstag', states: [] },
  ];
  return list.filter((h) => h.name !== 'Weltkindertag' || h.states.length > 0);
}

/** The public holiday on `d` (nationwide, or in `state` when given), or null. */
export function holidayOn(d: CalendarDate, state?: GermanState): Holiday | null {
  const iso = toIso(d);
  return (
    holidaysOf(d.year).find((h) => toIso(h.date) === iso && (h.states.length === 0 || (state !== undefined && h.states.includes(state)))) ??
    null
  );
}

export function isWorkingDay(d: CalendarDate, state?: GermanState): boolean {
  const wd = weekday(d);
  return wd !== 0 && wd !== 6 && holidayOn(d, state) === null;
}

/** `d` itself when it is a working day, else the next working day (end of a period moved). */
export function nextWorkingDay(d: CalendarDate, state?: GermanState): CalendarDate {
  let x = d;
  while (!isWorkingDay(x, state)) x = addDays(x, 1);
  return x;
}
