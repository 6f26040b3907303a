/**
 * Table shapes as the store sees them. Column names are snake_case in the database.
 *
 * Timestamps are epoch milliseconds (BIGINT on PostgreSQL, INTEGER on SQLite): both dialects
 * round-trip exact milliseconds, comparisons stay numeric (touchApiKey's interval), and no
 * time zone is ever involved. The PostgreSQL pool parses BIGINT to number (see dialect.ts);
 * epoch milliseconds and counters stay far below 2^53.
 */
/**
 * Stripe webhook events seen (migration 0004): the de-duplication record. A row is claimed
 * before the event is applied and finished after; a claim never finished (crash) is retaken
 * once it is stale, and a failed application deletes it so the provider's retry applies it.
 */
export interface BillingWebhookEventsTable {
  event_id: string;
  event_type: string;
  /** Epoch ms the current claim was taken. */
  claimed_at: number;
  /** Epoch ms the event was applied; null while claimed. */
  processed_at: number | null;
}

/**
 * One row per billable call beyond a paid tier's included calls (migration 0004), written in
 * the transaction that commits the call; the reporter sends it to the payment provider.
 */
export interface BillingUsageReportsTable {
  /** The call's request id: the primary key and the provider's idempotency identifier. */
  request_id: string;
  organization_id: string;
  customer_id: string;
  /** Epoch ms of the call (the meter event's timestamp). */
  occurred_at: number;
  /** 'pending' until the provider accepted it, then 'sent'. */
  status: string;
  attempts: number;
  /** Epoch ms before which the row is not tried (again). */
  next_attempt_at: number;
  /** Epoch ms until which the instance holding claim_token may send it; null when unclaimed. */
  claimed_until: number | null;
  claim_token: string | null;
  sent_at: number | null;
  /** The provider's last error message (never a secret, never document content). */
  last_error: string | null;
}

export interface OrganizationsTable {
  id: string;
  name: string;
  email: string;
  tier: string;
  created_at: number;
  period_anchor: number;
  included_calls_override: number | null;
  overage_cents_override: number | null;
  rate_limit_override: number | null;
  billing_customer_id: string | null;
  billing_subscription_id: string | null;
  /** Incremented whenever the tier changes (migration 0004); test-mode links carry it. */
  plan_version: number;
  /**
   * The normalised address of an organization made by self-service sign-up, unique (migration
   * 0007): one sign-up organization per address. NULL for the operator's organizations.
   */
  sign_up_email: string | null;
}

export interface ApiKeysTable {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  /** Hex SHA-256 of the whole key; the key itself is never stored. */
  hash: string;
  mode: string;
  /** Comma-separated scope names, e.g. `analyze:write,usage:read`. */
  scopes: string;
  created_at: number;
  revoked_at: number | null;
  last_used_at: number | null;
}

export interface UsageCountersTable {
  organization_id: string;
  /** 'trial' or the ISO start of the billing period. */
  counter_key: string;
  /** Billable calls. */
  committed: number;
  /** Calls in flight that hold a unit of the allowance. */
  reserved: number;
  /**
   * Epoch ms of the last write by reserveCall/commitCall/releaseCall (a refused reservation
   * writes nothing); 0 on rows that predate migration 0002. Required on insert so no write
   * path can forget it.
   */
  updated_at: number;
}

/** One reservation taken by a call (migration 0006); only `held` rows count in reserved. */
export interface CallReservationsTable {
  id: string;
  organization_id: string;
  counter_key: string;
  /** Epoch ms (the store's clock) when the reservation was taken. */
  created_at: number;
  state: 'held' | 'committed' | 'released' | 'reclaimed';
}

export interface AuditRecordsTable {
  id: string;
  organization_id: string;
  key_id: string;
  document_type: string | null;
  status_code: number;
  pages: number | null;
  latency_ms: number;
  created_at: number;
}

export interface AccountSessionsTable {
  id: string;
  /** The session object as JSON (ids, e-mail, CSRF secret, locale). */
  data: string;
  expires_at: number;
}

export interface AccountLoginTokensTable {
  /** Hex SHA-256 of the token in the e-mailed link; the token itself is never stored. */
  token_hash: string;
  /** 'sign_up' or 'sign_in'. */
  purpose: string;
  email: string;
  /** Sign-up only: the company name the organization will get. */
  company_name: string | null;
  /** Sign-in only: the organization the link signs into. */
  organization_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AccountAuthAttemptsTable {
  /** `ip:<sha256>` or `address:<sha256>`. */
  bucket: string;
  /** Epoch ms at which the fixed window starts. */
  window_start: number;
  attempts: number;
  /** Epoch ms at which the window ends and the row may be deleted. */
  expires_at: number;
}

export interface Database {
  billing_webhook_events: BillingWebhookEventsTable;
  billing_usage_reports: BillingUsageReportsTable;
  organizations: OrganizationsTable;
  api_keys: ApiKeysTable;
  usage_counters: UsageCountersTable;
  call_reservations: CallReservationsTable;
  audit_records: AuditRecordsTable;
  account_sessions: AccountSessionsTable;
  account_login_tokens: AccountLoginTokensTable;
  account_auth_attempts: AccountAuthAttemptsTable;
}
