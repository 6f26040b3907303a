/**
 * A company name as it is stored and shown: one line of text. Control and format characters
 * (line breaks, NUL — which PostgreSQL text cannot even hold —, zero-width and bidi controls)
 * and line or paragraph separators become spaces; runs of whitespace become one space; the ends
 * are trimmed. What is left is shown escaped and never as a link (docs/account.md).
 */
export const MAX_COMPANY_NAME_LENGTH = 200;

const NOT_ON_ONE_LINE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function normalizeCompanyName(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(NOT_ON_ONE_LINE, ' ').replace(/\s+/g, ' ').trim();
}
