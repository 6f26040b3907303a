import addressparser from 'nodemailer/lib/addressparser';

/**
 * What the account forms accept as an e-mail address, and the forms it is compared and
 * counted in (docs/account.md "Addresses").
 *
 * Only a bare address: `name@example.de`. Display names (`Anna <a@x.de>`), comments
 * (`a@x.de (c)`), groups, quoted local parts and lists are refused, so the address a limit
 * counts is the address the mail goes to (issue 19: `a<victim@x>`, `victim@x(c)`, `"x"<victim@x>`
 * each counted as a new address while nodemailer sent all of them to the same inbox).
 * nodemailer's own parser decides what a mailer would read out of the text: the input is
 * accepted only when that is exactly the input itself.
 */
export const MAX_EMAIL_LENGTH = 254;

/** Characters that only appear in address syntax around an address, never in a bare one we take. */
const SYNTAX_OR_SPACE = /[\s\p{Cc}\p{Cf}"(),:;<>[\]\\]/u;
const SHAPE = /^[^@]+@[^@]+\.[^@.]+$/;

/**
 * The address, trimmed and lower-cased, or null when the input is not one bare address.
 *
 * The whole address is lower-cased, the local part too: RFC 5321 lets a server treat it
 * case-sensitively, but no mailbox provider in use does, the stored addresses have always been
 * lower-case, and keeping case would make `Anna@x.de` and `anna@x.de` two accounts.
 */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_EMAIL_LENGTH) return null;
  if (SYNTAX_OR_SPACE.test(trimmed) || !SHAPE.test(trimmed)) return null;
  const parsed = addressparser(trimmed);
  if (parsed.length !== 1) return null;
  const [only] = parsed;
  if (!only || 'group' in only || only.name !== '' || only.address !== trimmed) return null;
  return trimmed.toLowerCase();
}

/**
 * The mailbox a normalised address delivers to, as far as limits are concerned: the local
 * part without a `+tag` and without dots. Many providers deliver `anna+1@…` and `an.na@…` to
 * `anna@…` (Gmail does both), so counting by the address alone would give one inbox a fresh
 * budget per spelling. Two different mailboxes that happen to share this form share a budget,
 * which costs them nothing but a slower fourth link in an hour.
 */
export function mailboxKey(normalizedEmail: string): string {
  const at = normalizedEmail.lastIndexOf('@');
  const local = normalizedEmail.slice(0, at).replace(/\+.*$/, '').replace(/\./g, '');
  return `${local || normalizedEmail.slice(0, at)}${normalizedEmail.slice(at)}`;
}
