import { LINK_VALID_MINUTES, signInLinks, type LoginLinkDeps } from './login-links.js';
import { normalizeEmail } from '../domain/email-address.js';
import { throttleLoginRequest } from './login-throttle.js';

export type SignInRequestOutcome =
  | { kind: 'accepted' }
  | { kind: 'invalid'; email: string }
  | { kind: 'limited'; retryAfterSeconds: number };

/**
 * Sign-in by e-mail link, step 1: checks the address, counts the request against the limits,
 * and — after the response — mails one sign-in link per organization of the address (single
 * use, 30 minutes). An address without an organization gets no mail at all (docs/account.md);
 * the caller answers the same page either way.
 *
 * `next` must already be an account-area path (guard.ts safeNext); it rides along in the link
 * and is checked again when the link is used.
 */
export async function requestSignIn(
  deps: LoginLinkDeps,
  input: { email: unknown; ip: string; locale: string; next: string | undefined },
): Promise<SignInRequestOutcome> {
  const rawEmail = typeof input.email === 'string' ? input.email.trim() : '';
  const email = normalizeEmail(rawEmail);
  if (!email) return { kind: 'invalid', email: rawEmail.slice(0, 300) };

  const throttle = await throttleLoginRequest(deps, { ip: input.ip, email });
  if (!throttle.allowed) return { kind: 'limited', retryAfterSeconds: throttle.retryAfterSeconds };

  deps.runLater(async () => {
    const organizations = await deps.store.findOrganizationsByEmail(email);
    if (organizations.length === 0) return;
    const links = await signInLinks(deps, email, organizations, input.next);
    await deps.mailer.send(deps.composeMail({ kind: 'sign_in', locale: input.locale, to: email, links, validMinutes: LINK_VALID_MINUTES }));
  });
  return { kind: 'accepted' };
}
