import { LOGIN_LINK_LIFETIME_MS, MAX_LINKS_PER_MAIL, generateLoginToken, hashLoginToken } from '../domain/login-link.js';
import type { Clock } from '../ports/clock.js';
import type { MailMessage, Mailer } from '../ports/mailer.js';
import type { LoginTokenPurpose, Organization, Store } from '../ports/store.js';

/**
 * What the sign-up and sign-in requests send. The copy lives with the pages (the HTTP layer
 * composes the message); the use case decides which mail goes to whom with which links.
 */
export type LoginMail =
  /**
   * Carries nothing typed into the form but the address it goes to: the address is not
   * confirmed yet, so anything else would be someone else's text in our mail (issue 19).
   */
  | { kind: 'confirm_sign_up'; locale: string; to: string; link: string; validMinutes: number }
  /** Sign-up with an address that already has an organization: sign-in links instead. */
  | { kind: 'already_registered'; locale: string; to: string; links: OrganizationLink[]; validMinutes: number }
  | { kind: 'sign_in'; locale: string; to: string; links: OrganizationLink[]; validMinutes: number };

export interface OrganizationLink {
  organizationName: string;
  url: string;
}

export interface LoginLinkDeps {
  store: Store;
  clock: Clock;
  mailer: Mailer;
  /** The message of a mail, in the language of the page that asked for it. */
  composeMail: (mail: LoginMail) => MailMessage;
  /**
   * The confirmation URL of a token (built from PUBLIC_BASE_URL, never from the request's Host
   * header), with `next` — an account-area path already checked by the caller.
   */
  confirmUrl: (token: string, next: string | undefined) => string;
  /**
   * Runs the part of a request that depends on whether the address is known after the
   * response has gone out, so the response time says nothing about it. Failures are logged
   * by the runner without address or token.
   */
  runLater: (task: () => Promise<void>) => void;
}


/** Stores a fresh single-use token and returns the link that carries it. */
export async function issueLoginLink(
  deps: Pick<LoginLinkDeps, 'store' | 'clock' | 'confirmUrl'>,
  input: { purpose: LoginTokenPurpose; email: string; companyName?: string; organizationId?: string; next?: string },
): Promise<string> {
  const token = generateLoginToken();
  const now = deps.clock.now();
  await deps.store.createLoginToken({
    tokenHash: hashLoginToken(token),
    purpose: input.purpose,
    email: input.email,
    companyName: input.companyName ?? null,
    organizationId: input.organizationId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_LINK_LIFETIME_MS),
  });
  return deps.confirmUrl(token, input.next);
}

/** One sign-in link per organization of the address (oldest first, at most MAX_LINKS_PER_MAIL). */
export async function signInLinks(
  deps: Pick<LoginLinkDeps, 'store' | 'clock' | 'confirmUrl'>,
  email: string,
  organizations: Organization[],
  next: string | undefined,
): Promise<OrganizationLink[]> {
  const links: OrganizationLink[] = [];
  for (const organization of organizations.slice(0, MAX_LINKS_PER_MAIL)) {
    const url = await issueLoginLink(deps, { purpose: 'sign_in', email, organizationId: organization.id, next });
    links.push({ organizationName: organization.name, url });
  }
  return links;
}

export const LINK_VALID_MINUTES = LOGIN_LINK_LIFETIME_MS / 60_000;
