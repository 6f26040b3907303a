import type { Locale } from './locales.js';

/**
 * How the account pages print dates, money and counts. Dates are shown in UTC — the time zone
 * billing periods and the usage chart's days are computed in — and say so on the page.
 */
const TAG: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

export function formatDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(TAG[locale], { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

export function formatDateTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(TAG[locale], {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date) + ' UTC';
}

/** Euro amounts from integer cents; whole euros without decimals (prices), else two. */
export function formatMoney(cents: number, locale: Locale): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(TAG[locale], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A per-call price in cents, always with two decimals (0,50 €). */
export function formatUnitPrice(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(TAG[locale], { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(cents / 100);
}

/**
 * A decimal amount string of the API (`"-1234.56"`) in the page's notation, with its currency
 * code (`-1.234,56 EUR`); exact — the string is split, never parsed into a float.
 */
export function formatDecimalAmount(amount: string, currency: string, locale: Locale): string {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) return `${amount} ${currency}`;
  const [, sign, whole, cents] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, locale === 'de' ? '.' : ',');
  return `${sign === '-' ? '−' : ''}${grouped}${locale === 'de' ? ',' : '.'}${cents} ${currency}`;
}

export function formatCount(n: number, locale: Locale): string {
  return new Intl.NumberFormat(TAG[locale]).format(n);
}
