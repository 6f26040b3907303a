import { MAX_COMPANY_NAME_LENGTH, normalizeCompanyName } from '../domain/company-name.js';
import { LINK_VALID_MINUTES, issueLoginLink, signInLinks, type LoginLinkDeps } from './login-links.js';
import { normalizeEmail } from '../domain/email-address.js';
import { throttleLoginRequest } from './login-throttle.js';

export type SignUpFieldError = 'company_required' | 'company_too_long' | 'email_invalid';

export type SignUpRequestOutcome =
  | { kind: 'accepted' }
  | { kind: 'invalid'; errors: { companyName?: SignUpFieldError; email?: SignUpFieldError }; companyName: string; email: string }
  | { kind: 'limited'; retryAfterSeconds: number };

/**
 * Self-service registration, step 1 (SPEC §6): checks the form, counts the request against the
 * limits, and — after the response — mails a confirmation link (single use, 30 minutes). An
 * address that already has an organization gets sign-in links instead ("you already have an
 * account"). The caller answers the same page whichever happened: no account enumeration.
 */
export async function requestSignUp(
  deps: LoginLinkDeps,
  input: { companyName: unknown; email: unknown; ip: string; locale: string },
): Promise<SignUpRequestOutcome> {
  // One line: line breaks and control characters become spaces (domain/company-name.ts).
  const companyName = normalizeCompanyName(input.companyName);
  const rawEmail = typeof input.email === 'string' ? input.email.trim() : '';
  const email = normalizeEmail(rawEmail);
  const errors: { companyName?: SignUpFieldError; email?: SignUpFieldError } = {};
  if (companyName.length === 0) errors.companyName = 'company_required';
  else if (companyName.length > MAX_COMPANY_NAME_LENGTH) errors.companyName = 'company_too_long';
  if (!email) errors.email = 'email_invalid';
  if (errors.companyName || errors.email || !email) {
    return { kind: 'invalid', errors, companyName: companyName.slice(0, MAX_COMPANY_NAME_LENGTH * 2), email: rawEmail.slice(0, 300) };
  }

  const throttle = await throttleLoginRequest(deps, { ip: input.ip, email });
  if (!throttle.allowed) return { kind: 'limited', retryAfterSeconds: throttle.retryAfterSeconds };

  deps.runLater(async () => {
    const existing = await deps.store.findOrganizationsByEmail(email);
    if (existing.length > 0) {
      const links = await signInLinks(deps, email, existing, undefined);
      await deps.mailer.send(
        deps.composeMail({ kind: 'already_registered', locale: input.locale, to: email, links, validMinutes: LINK_VALID_MINUTES }),
      );
      return;
    }
    const link = await issueLoginLink(deps, { purpose: 'sign_up', email, companyName });
    await deps.mailer.send(
      deps.composeMail({ kind: 'confirm_sign_up', locale: input.locale, to: email, link, validMinutes: LINK_VALID_MINUTES }),
    );
  });
  return { kind: 'accepted' };
}
