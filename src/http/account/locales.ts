/** The languages of the account area; every message file holds both. */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export type Messages = Record<Locale, Record<string, string>>;
