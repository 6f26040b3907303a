/** The month a payslip is for, from its printed period ("März 2026", "03/2026", "01.03.2026 - 31.03.2026"). */
import { type CalendarDate, monthFromName, parseGermanDate } from '../../../../domain/german-dates.js';

export function periodMonth(printed: string | undefined): CalendarDate | null {
  if (!printed) return null;
  const named = /([A-Za-zÄÖÜäöü]{3,})\.?\s+((?:19|20)\d{2})/u.exec(printed);
  if (named) {
    const month = monthFromName(named[1]!);
    if (month) return { year: Number(named[2]), month, day: 1 };
  }
  const numeric = /\b(0?[1-9]|1[0-2])[/.]((?:19|20)\d{2})\b/.exec(printed);
  if (numeric && !/\d{1,2}\.\d{1,2}\.\d{4}/.test(printed)) return { year: Number(numeric[2]), month: Number(numeric[1]), day: 1 };
  const first = /\d{1,2}\.\d{1,2}\.\d{2,4}/.exec(printed);
  const d = first ? parseGermanDate(first[0]) : null;
  return d ? { ...d, day: 1 } : null;
}
