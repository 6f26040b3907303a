import { Migrator, sql, type Insertable, type Kysely, type Selectable, type UpdateObject } from 'kysely';
import { isScope, type Scope } from '../../domain/scopes.js';
import { isTier } from '../../domain/tiers.js';
import { isDocumentType } from '../../domain/document-types.js';
import { newId } from '../../domain/random-id.js';
import type { KeyMode } from '../../domain/api-key-format.js';
import { systemClock, type Clock } from '../../ports/clock.js';
import type {
  AccountSessionRecord,
  ApiKeyRecord,
  AuditRecord,
  ClaimToken,
  LoginTokenPurpose,
  LoginTokenRecord,
  NewApiKey,
  NewOrganization,
  Organization,
  OverageCall,
  OverageReport,
  PlanChange,
  ReservationRef,
  Store,
  UsageCounterKey,
  WebhookClaim,
} from '../../ports/store.js';
import { migrationProvider } from './migrations/index.js';
import type { ApiKeysTable, AuditRecordsTable, BillingUsageReportsTable, Database, OrganizationsTable } from './schema.js';

/**
 * The Store port over Kysely, identical for SQLite and PostgreSQL (dialect.ts holds the
 * differences). Counters change only through single conditional statements, so concurrent
 * requests on any number of instances cannot overshoot a cap. Nothing here logs; SQL
 * parameters never leave this module except inside driver errors.
 */
export interface KyselyStoreOptions {
  /**
   * Stamps `usage_counters.updated_at` on every counter write; the system time by default.
   * Tests pass a controllable clock to age counters without waiting.
   */
  clock?: Clock;
}

export class KyselyStore implements Store {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, opts: KyselyStoreOptions = {}) {
    this.#db = db;
    this.#clock = opts.clock ?? systemClock;
  }

  async migrate(): Promise<void> {
    // Concurrency: PostgreSQL takes Kysely's advisory lock around the run; SQLite runs it in
    // one BEGIN IMMEDIATE transaction (dialect.ts). Either way a second instance waits, then
    // finds nothing pending.
    const migrator = new Migrator({ db: this.#db, provider: migrationProvider });
    const { error, results } = await migrator.migrateToLatest();
    if (error !== undefined) {
      const failed = results?.find((r) => r.status === 'Error')?.migrationName;
      const reason = error instanceof Error ? error.message : String(error);
      const which = failed === undefined ? 'Database migration' : `Database migration ${failed}`;
      throw new Error(`${which} failed: ${reason}`, { cause: error });
    }
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.#db);
  }

  async close(): Promise<void> {
    await this.#db.destroy();
  }

  // ---- organizations ----------------------------------------------------------------------

  async createOrganization(org: NewOrganization): Promise<Organization> {
    const row = await this.#db.insertInto('organizations').values(newOrganizationRow(org, null)).returningAll().executeTakeFirstOrThrow();
    return toOrganization(row);
  }

  async createSignUpOrganization(org: NewOrganization): Promise<Organization | null> {
    // One statement: the unique index on sign_up_email decides between concurrent sign-ups
    // (PostgreSQL makes the second insert wait for the first and then do nothing).
    const row = await this.#db
      .insertInto('organizations')
      .values(newOrganizationRow(org, org.email))
      .onConflict((oc) => oc.column('sign_up_email').doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toOrganization(row) : null;
  }

  async getOrganization(id: string): Promise<Organization | null> {
    const row = await this.#db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toOrganization(row) : null;
  }

  async findOrganizationByBillingCustomer(customerId: string): Promise<Organization | null> {
    const row = await this.#db
      .selectFrom('organizations')
      .selectAll()
      .where('billing_customer_id', '=', customerId)
      .executeTakeFirst();
    return row ? toOrganization(row) : null;
  }

  async changePlan(id: string, change: PlanChange): Promise<Organization | null> {
    // An omitted field stays as it is; null clears it.
    const set: UpdateObject<Database, 'organizations'> = {
      tier: change.tier,
      // Evaluated against the row before the update: a new tier bumps the version.
      plan_version: sql<number>`case when tier <> ${change.tier} then plan_version + 1 else plan_version end`,
    };
    if (change.periodAnchor !== undefined) set.period_anchor = change.periodAnchor.getTime();
    if (change.includedCallsOverride !== undefined) set.included_calls_override = change.includedCallsOverride;
    if (change.overageCentsOverride !== undefined) set.overage_cents_override = change.overageCentsOverride;
    if (change.rateLimitOverride !== undefined) set.rate_limit_override = change.rateLimitOverride;
    if (change.billingCustomerId !== undefined) set.billing_customer_id = change.billingCustomerId;
    if (change.billingSubscriptionId !== undefined) set.billing_subscription_id = change.billingSubscriptionId;
    const row = await this.#db
      .updateTable('organizations')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ? toOrganization(row) : null;
  }

  async setBillingCustomerIfAbsent(id: string, customerId: string): Promise<string | null> {
    const row = await this.#db
      .updateTable('organizations')
      .set({ billing_customer_id: sql<string>`coalesce(billing_customer_id, ${customerId})` })
      .where('id', '=', id)
      .returning('billing_customer_id')
      .executeTakeFirst();
    return row ? row.billing_customer_id : null;
  }

  async claimWebhookEvent(event: { id: string; type: string }, now: Date, staleBefore: Date): Promise<WebhookClaim> {
    // One upsert: a new id inserts; a known id is retaken only while unfinished and stale.
    // No row comes back otherwise, and then nothing was written.
    const token = now.getTime();
    const row = await this.#db
      .insertInto('billing_webhook_events')
      .values({ event_id: event.id, event_type: event.type, claimed_at: token, processed_at: null })
      .onConflict((oc) =>
        oc
          .column('event_id')
          .doUpdateSet({ claimed_at: token })
          .where('billing_webhook_events.processed_at', 'is', null)
          .where('billing_webhook_events.claimed_at', '<', staleBefore.getTime()),
      )
      .returning('event_id')
      .executeTakeFirst();
    if (row) return { state: 'claimed', token };
    // Not ours: applied already, or held by another delivery. A row released in between reads
    // as in progress, which only makes the provider deliver once more.
    const existing = await this.#db
      .selectFrom('billing_webhook_events')
      .select('processed_at')
      .where('event_id', '=', event.id)
      .executeTakeFirst();
    return existing && existing.processed_at !== null ? { state: 'processed' } : { state: 'in_progress' };
  }

  async finishWebhookEvent(id: string, claim: ClaimToken, at: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('billing_webhook_events')
      .set({ processed_at: at.getTime() })
      .where('event_id', '=', id)
      .where('claimed_at', '=', claim)
      .where('processed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async releaseWebhookEvent(id: string, claim: ClaimToken): Promise<void> {
    await this.#db
      .deleteFrom('billing_webhook_events')
      .where('event_id', '=', id)
      .where('claimed_at', '=', claim)
      .where('processed_at', 'is', null)
      .execute();
  }

  async claimOverageReports(input: { now: Date; leaseMs: number; limit: number; claimToken: string }): Promise<OverageReport[]> {
    const now = input.now.getTime();
    // One UPDATE over a sub-select of due rows. The outer WHERE repeats the conditions, so a row
    // another reporter claimed meanwhile is skipped: PostgreSQL re-checks it after waiting for
    // that reporter's row lock, SQLite runs one writer at a time.
    const rows = await this.#db
      .updateTable('billing_usage_reports')
      .set({ claimed_until: now + input.leaseMs, claim_token: input.claimToken })
      .where('request_id', 'in', (eb) =>
        eb
          .selectFrom('billing_usage_reports')
          .select('request_id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
          .orderBy('next_attempt_at', 'asc')
          .orderBy('request_id', 'asc')
          .limit(Math.max(0, Math.floor(input.limit))),
      )
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .returningAll()
      .execute();
    return rows.map(toOverageReport).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
  }

  async markOverageReportSent(requestId: string, claimToken: string, at: Date): Promise<boolean> {
    const result = await this.#db
      .updateTable('billing_usage_reports')
      .set({ status: 'sent', sent_at: at.getTime(), claimed_until: null, claim_token: null, last_error: null })
      .where('request_id', '=', requestId)
      .where('claim_token', '=', claimToken)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async markOverageReportFailed(requestId: string, claimToken: string, failure: { nextAttemptAt: Date; error: string }): Promise<void> {
    await this.#db
      .updateTable('billing_usage_reports')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        next_attempt_at: failure.nextAttemptAt.getTime(),
        last_error: failure.error.slice(0, 500),
        claimed_until: null,
        claim_token: null,
      }))
      .where('request_id', '=', requestId)
      .where('claim_token', '=', claimToken)
      .where('status', '=', 'pending')
      .execute();
  }

  async listOverageReports(organizationId: string): Promise<OverageReport[]> {
    const rows = await this.#db
      .selectFrom('billing_usage_reports')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('occurred_at', 'asc')
      .orderBy('request_id', 'asc')
      .execute();
    return rows.map(toOverageReport);
  }

  // ---- API keys ---------------------------------------------------------------------------

  async createApiKey(key: NewApiKey): Promise<ApiKeyRecord> {
    const row = await this.#db
      .insertInto('api_keys')
      .values({
        id: key.id,
        organization_id: key.organizationId,
        name: key.name,
        prefix: key.prefix,
        hash: key.hash,
        mode: key.mode,
        scopes: key.scopes.join(','),
        created_at: key.createdAt.getTime(),
        revoked_at: null,
        last_used_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toApiKey(row);
  }

  async findApiKeyByHash(hash: string): Promise<{ key: ApiKeyRecord; organization: Organization } | null> {
    // One round trip on every authenticated request: the key joined with its organization.
    const row = await this.#db
      .selectFrom('api_keys as k')
      .innerJoin('organizations as o', 'o.id', 'k.organization_id')
      .select([
        'k.id as k_id',
        'k.organization_id as k_organization_id',
        'k.name as k_name',
        'k.prefix as k_prefix',
        'k.hash as k_hash',
        'k.mode as k_mode',
        'k.scopes as k_scopes',
        'k.created_at as k_created_at',
        'k.revoked_at as k_revoked_at',
        'k.last_used_at as k_last_used_at',
        'o.id as o_id',
        'o.name as o_name',
        'o.email as o_email',
        'o.tier as o_tier',
        'o.created_at as o_created_at',
        'o.period_anchor as o_period_anchor',
        'o.included_calls_override as o_included_calls_override',
        'o.overage_cents_override as o_overage_cents_override',
        'o.rate_limit_override as o_rate_limit_override',
        'o.billing_customer_id as o_billing_customer_id',
        'o.billing_subscription_id as o_billing_subscription_id',
        'o.plan_version as o_plan_version',
      ])
      .where('k.hash', '=', hash)
      .executeTakeFirst();
    if (!row) return null;
    return {
      key: toApiKey(unprefix<Selectable<ApiKeysTable>>(row, 'k_')),
      organization: toOrganization(unprefix<Selectable<OrganizationsTable>>(row, 'o_')),
    };
  }

  async listApiKeys(organizationId: string): Promise<ApiKeyRecord[]> {
    const rows = await this.#db
      .selectFrom('api_keys')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toApiKey);
  }

  async revokeApiKey(id: string, at: Date): Promise<boolean> {
    // COALESCE keeps the first revocation time; the row counts as matched either way, so the
    // affected-row count says whether the key exists — one statement, no read first.
    const result = await this.#db
      .updateTable('api_keys')
      .set({ revoked_at: sql<number>`coalesce(revoked_at, ${at.getTime()})` })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async touchApiKey(id: string, at: Date, minIntervalMs: number): Promise<void> {
    const atMs = at.getTime();
    await this.#db
      .updateTable('api_keys')
      .set({ last_used_at: atMs })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', atMs - minIntervalMs)]))
      .execute();
  }

  // ---- usage counters ---------------------------------------------------------------------

  async reserveCall(counter: UsageCounterKey, hardCap: number | null): Promise<string | null> {
    // A fresh row starts at reserved = 1, which is only within a cap of at least 1.
    if (hardCap !== null && hardCap < 1) return null;
    // One upsert: the insert creates the row holding this reservation; on conflict the row is
    // locked and the cap re-checked against its current values, so concurrent reservations
    // serialize in the database. No row comes back when the cap is reached, and then nothing
    // is written: a refused reservation does not refresh updated_at, so a trial blocked by a
    // dead request's reservation ages and gets reclaimed however often the customer retries.
    // The reservation's own row (its id is what settles it) is written in the same transaction.
    const now = this.#clock.now().getTime();
    const id = newId('rsv');
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('usage_counters')
        .values({
          organization_id: counter.organizationId,
          counter_key: counter.counterKey,
          committed: 0,
          reserved: 1,
          updated_at: now,
        })
        .onConflict((oc) => {
          const update = oc
            .columns(['organization_id', 'counter_key'])
            .doUpdateSet({ reserved: (eb) => eb('usage_counters.reserved', '+', 1), updated_at: now });
          return hardCap === null
            ? update
            : update.where((eb) =>
                eb(eb('usage_counters.committed', '+', eb.ref('usage_counters.reserved')), '<', hardCap),
              );
        })
        .returning('reserved')
        .executeTakeFirst();
      if (row === undefined) return null;
      await trx
        .insertInto('call_reservations')
        .values({ id, organization_id: counter.organizationId, counter_key: counter.counterKey, created_at: now, state: 'held' })
        .execute();
      return id;
    });
  }

  /**
   * Moves the reservation's row from `held` (or, for a commit, `reclaimed`) to `to`, and says
   * which state it left: 'held', 'reclaimed', or null when there is no such row or it was
   * settled before. Without an id, the counter's oldest held row (callers outside metering).
   * Each step is one conditional UPDATE, so two settles racing on one id cannot both win, and
   * the transaction's first statement is a write (SQLite takes its write lock at once instead
   * of upgrading a read lock, which two connections could deadlock on).
   */
  async #settleRow(
    trx: Kysely<Database>,
    counter: UsageCounterKey,
    id: string | undefined,
    to: 'committed' | 'released',
  ): Promise<'held' | 'reclaimed' | null> {
    const from: ('held' | 'reclaimed')[] = to === 'committed' ? ['held', 'reclaimed'] : ['held'];
    for (const state of from) {
      const moved = await trx
        .updateTable('call_reservations')
        .set({ state: to })
        .where('organization_id', '=', counter.organizationId)
        .where('counter_key', '=', counter.counterKey)
        .where('state', '=', state)
        .where(
          'id',
          '=',
          id ??
            ((eb: any) =>
              eb
                .selectFrom('call_reservations as oldest')
                .select('oldest.id')
                .where('oldest.organization_id', '=', counter.organizationId)
                .where('oldest.counter_key', '=', counter.counterKey)
                .where('oldest.state', '=', 'held')
                .orderBy('oldest.created_at')
                .limit(1)),
        )
        .executeTakeFirst();
      if (moved.numUpdatedRows > 0n) return state;
      if (id === undefined) return null;
    }
    return null;
  }

  async commitCall(counter: UsageCounterKey, overage?: OverageCall | null, reservation?: ReservationRef): Promise<number | null> {
    const now = this.#clock.now().getTime();
    return this.#db.transaction().execute(async (trx) => {
      const was = await this.#settleRow(trx, counter, reservation?.id, 'committed');
      if (reservation && was === null) return null; // settled before: counted once only
      let committed: number;
      if (was === 'held' || !reservation) {
        // The reservation turns into a billable call. Without a reservation id (callers
        // outside metering) a call is never lost: it is counted even without a row.
        const row = await trx
          .insertInto('usage_counters')
          .values({
            organization_id: counter.organizationId,
            counter_key: counter.counterKey,
            committed: 1,
            reserved: 0,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['organization_id', 'counter_key']).doUpdateSet({
              committed: (eb) => eb('usage_counters.committed', '+', 1),
              reserved: sql<number>`case when usage_counters.reserved > 0 then usage_counters.reserved - 1 else 0 end`,
              updated_at: now,
            }),
          )
          .returning('committed')
          .executeTakeFirstOrThrow();
        committed = Number(row.committed);
      } else {
        // The reservation was reclaimed as stale while its request still ran. Counted only
        // where the cap still has room, so a reclaimed reservation can never take a trial past
        // it (the row stays 'committed' either way: a retry of this commit counts nothing).
        const cap = reservation.hardCap;
        const row = await trx
          .updateTable('usage_counters')
          .set((eb) => ({ committed: eb('committed', '+', 1), updated_at: now }))
          .where('organization_id', '=', counter.organizationId)
          .where('counter_key', '=', counter.counterKey)
          .$if(cap !== null, (qb) => qb.where((eb) => eb(eb('committed', '+', eb.ref('reserved')), '<', cap!)))
          .returning('committed')
          .executeTakeFirst();
        if (!row) return null;
        committed = Number(row.committed);
      }
      if (overage && committed > overage.includedCalls) {
        await trx
          .insertInto('billing_usage_reports')
          .values({
            request_id: overage.requestId,
            organization_id: counter.organizationId,
            customer_id: overage.customerId,
            occurred_at: overage.occurredAt.getTime(),
            status: 'pending',
            attempts: 0,
            next_attempt_at: overage.occurredAt.getTime(),
            claimed_until: null,
            claim_token: null,
            sent_at: null,
            last_error: null,
          })
          .onConflict((oc) => oc.column('request_id').doNothing())
          .execute();
      }
      return committed;
    });
  }

  async releaseCall(counter: UsageCounterKey, reservationId?: string): Promise<boolean> {
    const now = this.#clock.now().getTime();
    return this.#db.transaction().execute(async (trx) => {
      const held = (await this.#settleRow(trx, counter, reservationId, 'released')) === 'held';
      // A reservation that is not held (released, committed or reclaimed before) gives nothing
      // back: it must not take a unit another request holds.
      if (!held && reservationId !== undefined) return false;
      const result = await trx
        .updateTable('usage_counters')
        .set((eb) => ({ reserved: eb('reserved', '-', 1), updated_at: now }))
        .where('organization_id', '=', counter.organizationId)
        .where('counter_key', '=', counter.counterKey)
        .where('reserved', '>', 0)
        .executeTakeFirst();
      return held || result.numUpdatedRows > 0n;
    });
  }

  async reclaimStaleReservations(olderThan: Date): Promise<number> {
    const cutoff = olderThan.getTime();
    if (!Number.isFinite(cutoff)) throw new RangeError('reclaimStaleReservations needs a valid date');
    return this.#db.transaction().execute(async (trx) => {
      // Each stale reservation row gives back exactly its own unit; live reservations (newer
      // rows) are untouched however busy the counter is. updated_at stays as it was: giving
      // reservations back is not activity of the counter.
      const stale = await trx
        .updateTable('call_reservations')
        .set({ state: 'reclaimed' })
        .where('state', '=', 'held')
        .where('created_at', '<', cutoff)
        .returning(['organization_id', 'counter_key'])
        .execute();
      // Settled rows only matter while their request may still settle: a day past the cutoff
      // nothing can, and they go.
      await trx
        .deleteFrom('call_reservations')
        .where('state', '!=', 'held')
        .where('created_at', '<', cutoff - 24 * 60 * 60 * 1000)
        .execute();
      const perCounter = new Map<string, { organizationId: string; counterKey: string; n: number }>();
      for (const r of stale) {
        const key = `${r.organization_id}\u0000${r.counter_key}`;
        const entry = perCounter.get(key) ?? { organizationId: r.organization_id, counterKey: r.counter_key, n: 0 };
        entry.n++;
        perCounter.set(key, entry);
      }
      const changed = new Set<string>();
      for (const [key, c] of perCounter) {
        const result = await trx
          .updateTable('usage_counters')
          .set({ reserved: sql<number>`case when reserved > ${c.n} then reserved - ${c.n} else 0 end` })
          .where('organization_id', '=', c.organizationId)
          .where('counter_key', '=', c.counterKey)
          .where('reserved', '>', 0)
          .executeTakeFirst();
        if (result.numUpdatedRows > 0n) changed.add(key);
      }
      // Reservations taken before migration 0006 have no row: as before, a counter untouched
      // since the cutoff that holds reservations but no rows can only hold dead ones. Each row
      // is checked under its row lock (PostgreSQL re-evaluates the WHERE on a row a concurrent
      // reserve just changed, and SQLite serializes writers), so a fresh reserve is skipped.
      const legacy = await trx
        .updateTable('usage_counters')
        .set({ reserved: 0 })
        .where('reserved', '>', 0)
        .where('updated_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('call_reservations')
                .select('call_reservations.id')
                .where('call_reservations.state', '=', 'held')
                .whereRef('call_reservations.organization_id', '=', 'usage_counters.organization_id')
                .whereRef('call_reservations.counter_key', '=', 'usage_counters.counter_key'),
            ),
          ),
        )
        .executeTakeFirst();
      return changed.size + Number(legacy.numUpdatedRows);
    });
  }

  async billableCalls(counter: UsageCounterKey): Promise<number> {
    const row = await this.#db
      .selectFrom('usage_counters')
      .select('committed')
      .where('organization_id', '=', counter.organizationId)
      .where('counter_key', '=', counter.counterKey)
      .executeTakeFirst();
    return row?.committed ?? 0;
  }

  // ---- audit ------------------------------------------------------------------------------

  async insertAuditRecord(record: AuditRecord): Promise<void> {
    await this.#db
      .insertInto('audit_records')
      .values({
        id: record.id,
        organization_id: record.organizationId,
        key_id: record.keyId,
        document_type: record.documentType,
        status_code: record.statusCode,
        pages: record.pages,
        latency_ms: record.latencyMs,
        created_at: record.createdAt.getTime(),
      })
      // A retried insert (its first attempt's acknowledgement lost) writes one record only.
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Newest first. */
  async listAuditRecords(organizationId: string, limit: number): Promise<AuditRecord[]> {
    const rows = await this.#db
      .selectFrom('audit_records')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(0, Math.floor(limit)))
      .execute();
    return rows.map(toAuditRecord);
  }

  // ---- account area -----------------------------------------------------------------------

  async getAccountSession(id: string, now: Date): Promise<AccountSessionRecord | null> {
    const row = await this.#db
      .selectFrom('account_sessions')
      .selectAll()
      .where('id', '=', id)
      .where('expires_at', '>', now.getTime())
      .executeTakeFirst();
    return row ? { id: row.id, data: row.data, expiresAt: new Date(row.expires_at) } : null;
  }

  async setAccountSession(session: AccountSessionRecord): Promise<void> {
    await this.#db
      .insertInto('account_sessions')
      .values({ id: session.id, data: session.data, expires_at: session.expiresAt.getTime() })
      .onConflict((oc) => oc.column('id').doUpdateSet({ data: session.data, expires_at: session.expiresAt.getTime() }))
      .execute();
  }

  async destroyAccountSession(id: string): Promise<void> {
    await this.#db.deleteFrom('account_sessions').where('id', '=', id).execute();
  }

  async deleteExpiredAccountData(now: Date): Promise<number> {
    const sessions = await this.#db.deleteFrom('account_sessions').where('expires_at', '<=', now.getTime()).executeTakeFirst();
    const tokens = await this.#db.deleteFrom('account_login_tokens').where('expires_at', '<=', now.getTime()).executeTakeFirst();
    return Number(sessions.numDeletedRows) + Number(tokens.numDeletedRows);
  }

  async createLoginToken(token: Omit<LoginTokenRecord, 'usedAt'>): Promise<void> {
    await this.#db
      .insertInto('account_login_tokens')
      .values({
        token_hash: token.tokenHash,
        purpose: token.purpose,
        email: token.email,
        company_name: token.companyName,
        organization_id: token.organizationId,
        created_at: token.createdAt.getTime(),
        expires_at: token.expiresAt.getTime(),
        used_at: null,
      })
      .execute();
  }

  async consumeLoginToken(tokenHash: string, now: Date): Promise<LoginTokenRecord | null> {
    const row = await this.#db
      .updateTable('account_login_tokens')
      .set({ used_at: now.getTime() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.getTime())
      .returningAll()
      .executeTakeFirst();
    if (!row) return null;
    return {
      tokenHash: row.token_hash,
      purpose: checked(row.purpose, (p): p is LoginTokenPurpose => p === 'sign_up' || p === 'sign_in', 'login token purpose'),
      email: row.email,
      companyName: row.company_name,
      organizationId: row.organization_id,
      createdAt: new Date(row.created_at),
      expiresAt: new Date(row.expires_at),
      usedAt: null,
    };
  }

  async findOrganizationsByEmail(email: string): Promise<Organization[]> {
    const rows = await this.#db
      .selectFrom('organizations')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    return rows.map(toOrganization);
  }

  // ---- account area pages -------------------------------------------------------------------

  async dailyBillableCalls(organizationId: string, from: Date, to: Date): Promise<{ day: string; calls: number }[]> {
    // created_at is epoch milliseconds (bigint); integer division by a day's milliseconds is the
    // UTC day number in both SQLite and PostgreSQL (timestamps are never negative here).
    const day = sql<number | string>`created_at / ${sql.lit(DAY_MS)}`;
    const rows = await this.#db
      .selectFrom('audit_records')
      .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('calls')])
      .where('organization_id', '=', organizationId)
      .where('status_code', '=', 200)
      .where('created_at', '>=', from.getTime())
      .where('created_at', '<', to.getTime())
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((r) => ({ day: new Date(Number(r.day) * DAY_MS).toISOString().slice(0, 10), calls: Number(r.calls) }));
  }

  // ---- limits of the sign-up and sign-in forms --------------------------------------------

  async countAuthAttempt(bucket: string, windowStart: Date, expiresAt: Date): Promise<number> {
    const row = await this.#db
      .insertInto('account_auth_attempts')
      .values({ bucket, window_start: windowStart.getTime(), attempts: 1, expires_at: expiresAt.getTime() })
      .onConflict((oc) =>
        oc.columns(['bucket', 'window_start']).doUpdateSet({ attempts: (eb) => eb('account_auth_attempts.attempts', '+', 1) }),
      )
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return Number(row.attempts);
  }

  async deleteExpiredAuthAttempts(now: Date): Promise<number> {
    const result = await this.#db.deleteFrom('account_auth_attempts').where('expires_at', '<=', now.getTime()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

// ---- row mapping ------------------------------------------------------------------------------

function newOrganizationRow(org: NewOrganization, signUpEmail: string | null): Insertable<OrganizationsTable> {
  return {
    id: org.id,
    name: org.name,
    email: org.email,
    tier: org.tier,
    created_at: org.createdAt.getTime(),
    // The trial's periods start at account creation.
    period_anchor: org.createdAt.getTime(),
    included_calls_override: null,
    overage_cents_override: null,
    rate_limit_override: null,
    billing_customer_id: null,
    billing_subscription_id: null,
    plan_version: 0,
    sign_up_email: signUpEmail,
  };
}

function toOrganization(row: Selectable<OrganizationsTable>): Organization {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    tier: checked(row.tier, isTier, 'tier'),
    createdAt: new Date(row.created_at),
    periodAnchor: new Date(row.period_anchor),
    includedCallsOverride: row.included_calls_override,
    overageCentsOverride: row.overage_cents_override,
    rateLimitOverride: row.rate_limit_override,
    billingCustomerId: row.billing_customer_id,
    billingSubscriptionId: row.billing_subscription_id,
    planVersion: Number(row.plan_version),
  };
}

function toOverageReport(row: Selectable<BillingUsageReportsTable>): OverageReport {
  return {
    requestId: row.request_id,
    organizationId: row.organization_id,
    customerId: row.customer_id,
    occurredAt: new Date(Number(row.occurred_at)),
    status: checked(row.status, (v): v is 'pending' | 'sent' => v === 'pending' || v === 'sent', 'overage report status'),
    attempts: Number(row.attempts),
    nextAttemptAt: new Date(Number(row.next_attempt_at)),
    sentAt: row.sent_at === null ? null : new Date(Number(row.sent_at)),
    lastError: row.last_error,
  };
}

function toApiKey(row: Selectable<ApiKeysTable>): ApiKeyRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    prefix: row.prefix,
    mode: checked(row.mode, (m): m is KeyMode => m === 'live' || m === 'test', 'key mode'),
    // Unknown names (a scope retired by a later version) grant nothing.
    scopes: row.scopes.split(',').filter((s): s is Scope => isScope(s)),
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

function toAuditRecord(row: Selectable<AuditRecordsTable>): AuditRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    keyId: row.key_id,
    documentType: row.document_type === null ? null : checked(row.document_type, isDocumentType, 'document type'),
    statusCode: row.status_code,
    pages: row.pages,
    latencyMs: row.latency_ms,
    createdAt: new Date(row.created_at),
  };
}

/** A stored enum value this code does not know is a fault, not something to pass on. */
function checked<T extends string>(value: string, guard: (v: string) => v is T, what: string): T {
  if (!guard(value)) throw new Error(`Stored ${what} '${value}' is not known to this version`);
  return value;
}

function unprefix<T>(row: Record<string, unknown>, prefix: string): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (k.startsWith(prefix)) out[k.slice(prefix.length)] = v;
  return out as T;
}
