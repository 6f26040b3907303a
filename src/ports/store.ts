import type { DocumentType } from '../domain/document-types.js';
import type { KeyMode } from '../domain/api-key-format.js';
import type { Scope } from '../domain/scopes.js';
import type { Tier } from '../domain/tiers.js';

/**
 * Persistence port. Implemented once with Kysely for SQLite and PostgreSQL
 * (adapters/store/kysely-store.ts). Every counter update is atomic in the database; nothing
 * here reads a value to write it back. No method ever receives document content.
 */
export interface Organization {
  id: string;
  name: string;
  email: string;
  tier: Tier;
  createdAt: Date;
  /** Start of the billing periods: account creation on trial, the subscription's anchor on a paid tier. */
  periodAnchor: Date;
  includedCallsOverride: number | null;
  overageCentsOverride: number | null;
  rateLimitOverride: number | null;
  billingCustomerId: string | null;
  billingSubscriptionId: string | null;
  /**
   * Incremented by every change of tier. A test-mode checkout link carries the version it was
   * issued at and is refused once the plan has changed since (e.g. cancelled after the link).
   */
  planVersion: number;
}

export interface ApiKeyRecord {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  mode: KeyMode;
  scopes: Scope[];
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface NewOrganization {
  id: string;
  name: string;
  email: string;
  tier: Tier;
  createdAt: Date;
}

export interface NewApiKey {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  hash: string;
  mode: KeyMode;
  scopes: Scope[];
  createdAt: Date;
}

export interface PlanChange {
  tier: Tier;
  /** New anchor of the billing periods; unchanged when omitted. */
  periodAnchor?: Date;
  includedCallsOverride?: number | null;
  overageCentsOverride?: number | null;
  rateLimitOverride?: number | null;
  billingCustomerId?: string | null;
  billingSubscriptionId?: string | null;
}

export interface AuditRecord {
  id: string;
  organizationId: string;
  keyId: string;
  documentType: DocumentType | null;
  statusCode: number;
  pages: number | null;
  latencyMs: number;
  createdAt: Date;
}

/** A reservation as its holder settles it: its id and the cap it was taken under. */
export interface ReservationRef {
  id: string;
  hardCap: number | null;
}

export interface UsageCounterKey {
  organizationId: string;
  /** 'trial' for the trial's lifetime allowance, else the ISO start of the billing period. */
  counterKey: string;
}

/** A server-side session of the account area; `data` is opaque JSON to the store. */
export interface AccountSessionRecord {
  id: string;
  data: string;
  expiresAt: Date;
}

export type LoginTokenPurpose = 'sign_up' | 'sign_in';

export interface LoginTokenRecord {
  /** Hex SHA-256 of the e-mailed token. */
  tokenHash: string;
  purpose: LoginTokenPurpose;
  email: string;
  companyName: string | null;
  organizationId: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

/** A billable call to report as overage when the commit takes the counter past the allowance. */
export interface OverageCall {
  requestId: string;
  customerId: string;
  occurredAt: Date;
  /** The period's included calls: a committed count above this is overage. */
  includedCalls: number;
}

/** A pending overage report claimed by one reporter for a while. */
export interface OverageReport {
  requestId: string;
  organizationId: string;
  customerId: string;
  occurredAt: Date;
  status: 'pending' | 'sent';
  attempts: number;
  nextAttemptAt: Date;
  sentAt: Date | null;
  lastError: string | null;
}

/**
 * Identifies one claim of a webhook event: the time it was taken (epoch ms). Unique per event:
 * a claim is only retaken once it is stale, i.e. older than the time of the new one.
 */
export type ClaimToken = number;

export type WebhookClaim = { state: 'claimed'; token: ClaimToken } | { state: 'processed' } | { state: 'in_progress' };

export interface Store {
  /** Applies pending versioned migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;

  createOrganization(org: NewOrganization): Promise<Organization>;
  /**
   * Creates an organization of self-service sign-up and claims its address (`org.email`, already
   * normalised) in the same insert: one such organization per address, whichever instance
   * asks. Null when the address was claimed already; then nothing is written.
   */
  createSignUpOrganization(org: NewOrganization): Promise<Organization | null>;
  getOrganization(id: string): Promise<Organization | null>;
  findOrganizationByBillingCustomer(customerId: string): Promise<Organization | null>;
  /** Returns the updated organization, or null when it does not exist. */
  changePlan(id: string, change: PlanChange): Promise<Organization | null>;
  /**
   * Records the payment provider's customer unless the organization has one already (two
   * concurrent checkouts keep the first). Returns the customer id now stored, or null when the
   * organization does not exist.
   */
  setBillingCustomerIfAbsent(id: string, customerId: string): Promise<string | null>;

  /**
   * Claims a provider webhook event for processing (insert-if-absent, atomic). `claimed` when
   * this call owns it: the event is new, or an earlier claim was never finished and was taken
   * before `staleBefore` (its process died). `processed` for an event already applied (a
   * replay); `in_progress` while another delivery holds a claim that is not yet stale — that
   * delivery may still fail, so this one must not count as done.
   */
  claimWebhookEvent(event: { id: string; type: string }, now: Date, staleBefore: Date): Promise<WebhookClaim>;
  /**
   * Marks the event applied, only while `claim` is still the one held: later deliveries are
   * replays. False when the claim was retaken meanwhile (this one went stale).
   */
  finishWebhookEvent(id: string, claim: ClaimToken, at: Date): Promise<boolean>;
  /** Gives up this unfinished claim (applying failed) so that the provider's retry applies it. */
  releaseWebhookEvent(id: string, claim: ClaimToken): Promise<void>;

  /**
   * Atomically claims up to `limit` pending overage reports that are due (next_attempt_at ≤ now)
   * and not claimed by anyone whose claim is still running, until now + leaseMs. Two reporters
   * never hold one row at once; a crashed reporter's claim expires and the row is retried.
   */
  claimOverageReports(input: { now: Date; leaseMs: number; limit: number; claimToken: string }): Promise<OverageReport[]>;
  /** Marks a report sent if this claim still holds it; false when the claim was lost. */
  markOverageReportSent(requestId: string, claimToken: string, at: Date): Promise<boolean>;
  /** Records a failed attempt and when to try again, and frees the claim. */
  markOverageReportFailed(requestId: string, claimToken: string, failure: { nextAttemptAt: Date; error: string }): Promise<void>;
  /** The organization's overage reports, oldest call first (operators, tests). */
  listOverageReports(organizationId: string): Promise<OverageReport[]>;

  createApiKey(key: NewApiKey): Promise<ApiKeyRecord>;
  /** The key with this SHA-256 hash and its organization, revoked or not. */
  findApiKeyByHash(hash: string): Promise<{ key: ApiKeyRecord; organization: Organization } | null>;
  listApiKeys(organizationId: string): Promise<ApiKeyRecord[]>;
  /** Sets revoked_at once; returns false when no such key exists. Revoking twice keeps the first time. */
  revokeApiKey(id: string, at: Date): Promise<boolean>;
  /** Records use coarsely: writes only when the stored value is older than `at − minIntervalMs`. */
  touchApiKey(id: string, at: Date, minIntervalMs: number): Promise<void>;

  /**
   * Atomically reserves one call on the counter and returns the reservation's id, or null at
   * the cap. With a hardCap, succeeds only while committed + reserved < hardCap (the trial's
   * hard block); without, always succeeds. Only the id settles the reservation.
   */
  reserveCall(counter: UsageCounterKey, hardCap: number | null): Promise<string | null>;
  /**
   * Turns the reservation `reservation.id` into a billable call and returns the counter's new
   * committed count. Each reservation settles once: when its row is gone (settled already, or
   * reclaimed as stale), the call is counted only while committed + reserved < its hardCap, and
   * null is returned when it is not — a reclaimed reservation can never take a trial past its
   * cap. Without `reservation` (operators, tests) the counter's oldest reservation, if any, is
   * taken and the call is counted regardless. With `overage`, in the same transaction: when
   * the count exceeds `overage.includedCalls`, a pending overage report keyed by the request id
   * is recorded (never twice for one id).
   */
  commitCall(counter: UsageCounterKey, overage?: OverageCall | null, reservation?: ReservationRef): Promise<number | null>;
  /**
   * Gives the reservation `reservationId` back (the call failed or was not delivered); false
   * when it was already settled or reclaimed, and then nothing changes — a release can never
   * take a unit another request holds. Without an id the counter's oldest reservation.
   */
  releaseCall(counter: UsageCounterKey, reservationId?: string): Promise<boolean>;
  /** Billable (committed) calls on the counter; 0 when it was never used. */
  billableCalls(counter: UsageCounterKey): Promise<number>;
  /**
   * Gives back the reservations of requests that died between reserve and commit/release
   * (process crash, kill, cut-off shutdown), which would otherwise hold a unit of the trial's
   * allowance forever: every reservation taken strictly before `olderThan` (stamped with the
   * store's clock) is deleted and its unit given back, in one transaction; a late commit of
   * one of them is then checked against the cap again (commitCall). Reservations from before
   * migration 0006 (no row) are given back as before: `reserved = 0` on a counter without
   * rows whose last write is before `olderThan`. `committed` is never changed. Returns how
   * many counters it changed (not how many reservations).
   *
   * Why that is safe: every in-flight request settles within the processing deadline plus the
   * shutdown grace after it reserved, and each reserve or settle touches the counter's
   * updated_at (a refused reservation writes nothing). So a counter that holds reservations
   * but was not touched for longer than that can only hold reservations of requests that
   * died. The caller must therefore pass a cutoff further in the past than the longest time a
   * live request can hold a reservation, with margin for clock skew between instances — a
   * cutoff too recent wipes live reservations, and their later commits can take a trial past
   * its cap. Reclaiming works per counter: a dead reservation on a counter that keeps being
   * used stays until the counter falls quiet (on a trial at its cap it does, because refused
   * reservations write nothing).
   */
  reclaimStaleReservations(olderThan: Date): Promise<number>;

  /** Writes the record once: a second insert with the same id (a retry) changes nothing. */
  insertAuditRecord(record: AuditRecord): Promise<void>;
  listAuditRecords(organizationId: string, limit: number): Promise<AuditRecord[]>;

  // ---- account area (SPEC §6) ----------------------------------------------------------------
  /** The session, or null when it does not exist or expired before `now`. */
  getAccountSession(id: string, now: Date): Promise<AccountSessionRecord | null>;
  /** Inserts or replaces the session. */
  setAccountSession(session: AccountSessionRecord): Promise<void>;
  destroyAccountSession(id: string): Promise<void>;
  /** Deletes sessions and login tokens that expired before `now`; returns how many rows went. */
  deleteExpiredAccountData(now: Date): Promise<number>;
  createLoginToken(token: Omit<LoginTokenRecord, 'usedAt'>): Promise<void>;
  /**
   * Uses a login token once: one conditional UPDATE that succeeds only while the token is
   * unused and not expired at `now`, so two clicks (on any instances) cannot both succeed.
   * Returns the token as it was, or null when unknown, used or expired.
   */
  consumeLoginToken(tokenHash: string, now: Date): Promise<LoginTokenRecord | null>;
  /** Organizations whose account address is `email` (compared case-insensitively), oldest first. */
  findOrganizationsByEmail(email: string): Promise<Organization[]>;

  // ---- account area pages (issue 9) --------------------------------------------------------
  /**
   * Successful (status 200, i.e. billable) analyze calls of the organization per UTC day, from
   * the audit records with `from <= created_at < to`. Days are counted in the database
   * (epoch-ms integer division, the same on SQLite and PostgreSQL); only days with calls are
   * returned, oldest first, as `YYYY-MM-DD`.
   */
  dailyBillableCalls(organizationId: string, from: Date, to: Date): Promise<{ day: string; calls: number }[]>;
  // ---- limits of the sign-up and sign-in forms (issue 9) ------------------------------------
  /**
   * Counts one request in the fixed window (`bucket`, `windowStart`) with one atomic upsert and
   * returns the count including it, so concurrent requests on any instances never undercount.
   * `expiresAt` is when the window ends (the row may then be deleted).
   */
  countAuthAttempt(bucket: string, windowStart: Date, expiresAt: Date): Promise<number>;
  /** Deletes attempt windows that ended before `now`; returns how many rows went. */
  deleteExpiredAuthAttempts(now: Date): Promise<number>;
}
