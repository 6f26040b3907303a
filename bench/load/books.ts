import type { CallRecord } from './client.js';
import { withClient } from './postgres-database.js';
import type { RunOrg } from './organizations.js';
import { countBy, formatCounts } from './stats.js';

/**
 * The books of a run: what the database holds per organization (billable calls, reservations
 * still held, audit records by status) against what the clients saw. Each check gives a line
 * to print and, when it fails, a short "what differs" for the verdict line.
 */
export interface OrgBooks {
  committed: number;
  reserved: number;
  audit: Map<number, number>;
  auditTotal: number;
}

export interface Check {
  name: string;
  ok: boolean;
  lines: string[];
  differs: string[];
}

export async function readBooks(databaseUrl: string, orgs: RunOrg[]): Promise<Map<string, OrgBooks>> {
  return withClient(databaseUrl, async (c) => {
    const out = new Map<string, OrgBooks>();
    for (const org of orgs) out.set(org.organizationId, { committed: 0, reserved: 0, audit: new Map(), auditTotal: 0 });
    const counters = await c.query<{ organization_id: string; committed: string; reserved: string }>(
      'SELECT organization_id, SUM(committed)::text AS committed, SUM(reserved)::text AS reserved FROM usage_counters GROUP BY organization_id',
    );
    for (const row of counters.rows) {
      const b = out.get(row.organization_id);
      if (b) {
        b.committed = Number(row.committed);
        b.reserved = Number(row.reserved);
      }
    }
    const audit = await c.query<{ organization_id: string; status_code: number; n: string }>(
      'SELECT organization_id, status_code, COUNT(*)::text AS n FROM audit_records GROUP BY organization_id, status_code',
    );
    for (const row of audit.rows) {
      const b = out.get(row.organization_id);
      if (b) {
        b.audit.set(Number(row.status_code), Number(row.n));
        b.auditTotal += Number(row.n);
      }
    }
    return out;
  });
}

/**
 * Audit records are written after the response has gone out, and work a client abandoned may
 * still be running: reads the books until every organization has its `expected` audit records
 * and holds no reservation, or — when `untilNoReservation` is false — until nothing changed for
 * 2 s; at most `timeoutMs`.
 */
export async function settledBooks(
  databaseUrl: string,
  orgs: RunOrg[],
  expected: (org: RunOrg) => number,
  options: { timeoutMs?: number; untilNoReservation?: boolean } = {},
): Promise<Map<string, OrgBooks>> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let last = '';
  let stableSince = Date.now();
  for (;;) {
    const books = await readBooks(databaseUrl, orgs);
    const noReservation = orgs.every((o) => books.get(o.organizationId)?.reserved === 0);
    const reached = noReservation && orgs.every((o) => (books.get(o.organizationId)?.auditTotal ?? 0) >= expected(o));
    const key = JSON.stringify(orgs.map((o) => [books.get(o.organizationId)?.auditTotal, books.get(o.organizationId)?.reserved, books.get(o.organizationId)?.committed]));
    if (key !== last) {
      last = key;
      stableSince = Date.now();
    }
    const stable = Date.now() - stableSince > 2_000 && (noReservation || !options.untilNoReservation);
    if (reached || stable || Date.now() > deadline) return books;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface BookOptions {
  /** Calls the script abandoned on purpose (client disconnects): never billable, each owed one audit record. */
  abandoned?: CallRecord[];
  /** Answers whose audit record may be missing for a reason the case names (the database was unreachable). */
  auditMayBeMissing?: (r: CallRecord) => boolean;
  auditMissingReason?: string;
  /** Reservations that may still be held, with the reason (given back later by the stale-reservation reclaimer). */
  reservedMayRemain?: (org: RunOrg) => number;
  reservedReason?: string;
}

export function checkBooks(orgs: RunOrg[], records: CallRecord[], books: Map<string, OrgBooks>, options: BookOptions = {}): Check[] {
  const abandoned = new Set(options.abandoned ?? []);
  const byOrg = (org: RunOrg) => records.filter((r) => r.org === org.label);

  const billing: Check = { name: 'billable calls in the database = 200 responses the clients saw', ok: true, lines: [], differs: [] };
  const reserved: Check = { name: 'no reservation left behind', ok: true, lines: [], differs: [] };
  const audit: Check = { name: 'one audit record per answered (or abandoned) request', ok: true, lines: [], differs: [] };
  const trial: Check = { name: 'no trial organization above its 50 calls', ok: true, lines: [], differs: [] };
  const answered: Check = { name: 'every request got an answer', ok: true, lines: [], differs: [] };

  for (const org of orgs) {
    const mine = byOrg(org);
    const b = books.get(org.organizationId) ?? { committed: 0, reserved: 0, audit: new Map(), auditTotal: 0 };
    const seen200 = mine.filter((r) => r.status === 200).length;
    const billedNow = b.committed - org.prefilled;
    billing.lines.push(`${org.label}: billed ${billedNow}${org.prefilled ? ` (+${org.prefilled} before the run)` : ''}, 200s seen ${seen200}`);
    if (billedNow !== seen200) {
      billing.ok = false;
      billing.differs.push(`${org.label} billed ${billedNow} vs ${seen200} × 200`);
    }

    const allowed = options.reservedMayRemain?.(org) ?? 0;
    reserved.lines.push(`${org.label}: reserved ${b.reserved}${allowed > 0 ? ` (up to ${allowed} allowed: ${options.reservedReason})` : ''}`);
    if (b.reserved > allowed) {
      reserved.ok = false;
      reserved.differs.push(`${org.label} still holds ${b.reserved} reservation(s)`);
    }

    const answeredHere = mine.filter((r) => r.status !== null);
    const clientByStatus = countBy(answeredHere, (r) => String(r.status));
    const abandonedHere = mine.filter((r) => abandoned.has(r)).length;
    const mayMiss = options.auditMayBeMissing ? answeredHere.filter(options.auditMayBeMissing).length : 0;
    let missing = 0;
    let extra = 0;
    const statuses = new Set([...clientByStatus.keys(), ...[...b.audit.keys()].map(String)]);
    for (const s of statuses) {
      const diff = (b.audit.get(Number(s)) ?? 0) - (clientByStatus.get(s) ?? 0);
      if (diff < 0) missing -= diff;
      else extra += diff;
    }
    const dbText = formatCounts(new Map([...b.audit.entries()].map(([k, v]) => [String(k), v])));
    audit.lines.push(
      `${org.label}: audit ${b.auditTotal} (${dbText}); answered ${answeredHere.length} (${formatCounts(clientByStatus)})` +
        (abandonedHere ? `; abandoned ${abandonedHere}` : '') +
        (mayMiss ? `; ${mayMiss} answered ${options.auditMissingReason}` : ''),
    );
    if (missing > mayMiss) {
      audit.ok = false;
      audit.differs.push(`${org.label} ${missing - mayMiss} answered request(s) without audit record`);
    }
    if (extra !== abandonedHere) {
      audit.ok = false;
      audit.differs.push(
        extra > abandonedHere
          ? `${org.label} ${extra - abandonedHere} audit record(s) for no answered request`
          : `${org.label} ${abandonedHere - extra} abandoned request(s) without audit record`,
      );
    }

    if (org.tier === 'trial') {
      trial.lines.push(`${org.label}: billed ${b.committed} of ${org.includedCalls}, 402s seen ${mine.filter((r) => r.status === 402).length}`);
      if (b.committed > org.includedCalls) {
        trial.ok = false;
        trial.differs.push(`trial ${org.label} billed ${b.committed} > ${org.includedCalls}`);
      }
    }

    const silent = mine.filter((r) => r.status === null && !abandoned.has(r));
    if (silent.length > 0) {
      answered.ok = false;
      answered.lines.push(`${org.label}: ${silent.length} without answer (${formatCounts(countBy(silent, (r) => r.transportError ?? '?'))})`);
      answered.differs.push(`${org.label} ${silent.length} request(s) never answered`);
    }
  }
  if (answered.lines.length === 0) answered.lines.push(`all ${records.length - abandoned.size} requests answered`);
  if (trial.lines.length === 0) trial.lines.push('(no trial organization in this run)');
  return [billing, reserved, audit, trial, answered];
}

/**
 * 429s consistent with each organization's per-minute limit across all instances. The limit is
 * a fixed window per organization in the shared store, starting at its first request; every
 * authenticated request counts. From the RateLimit headers each answer names its window (sent
 * time + RateLimit-Reset; windows of one organization end ≥ 60 s apart). Per window: at most
 * `limit` requests admitted; a 429 only once all `limit` were admitted; the admitted ones carry
 * distinct RateLimit-Remaining values (no unit granted twice by two instances).
 */
export function checkRateLimits(orgs: RunOrg[], records: CallRecord[]): Check {
  const check: Check = { name: "429s consistent with each organization's per-minute limit (both instances together)", ok: true, lines: [], differs: [] };
  for (const org of orgs) {
    const mine = records.filter((r) => r.org === org.label && r.status !== null && r.status !== 401 && r.status !== 403 && r.status !== 503);
    const noHeaders = mine.filter((r) => !r.rateLimit);
    if (noHeaders.length > 0) {
      check.ok = false;
      check.differs.push(`${org.label} ${noHeaders.length} answer(s) without RateLimit headers`);
    }
    const withHeaders = mine
      .filter((r) => r.rateLimit)
      .map((r) => ({ r, end: r.sentAt + r.rateLimit!.reset * 1000 }))
      .sort((a, b) => a.end - b.end);
    const windows: (typeof withHeaders)[] = [];
    for (const item of withHeaders) {
      const current = windows[windows.length - 1];
      if (current && item.end - current[0]!.end < 30_000) current.push(item);
      else windows.push([item]);
    }
    let limited = 0;
    const problems: string[] = [];
    for (const [i, w] of windows.entries()) {
      const admitted = w.filter((x) => x.r.status !== 429);
      const refused = w.length - admitted.length;
      limited += refused;
      if (admitted.length > org.rateLimitPerMinute) problems.push(`window ${i + 1}: ${admitted.length} admitted > limit ${org.rateLimitPerMinute}`);
      if (refused > 0 && admitted.length < org.rateLimitPerMinute) problems.push(`window ${i + 1}: 429 after only ${admitted.length} of ${org.rateLimitPerMinute} admitted`);
      const remaining = admitted.map((x) => x.r.rateLimit!.remaining);
      if (new Set(remaining).size !== remaining.length) problems.push(`window ${i + 1}: a RateLimit-Remaining value given twice`);
      if (w.some((x) => x.r.rateLimit!.limit !== org.rateLimitPerMinute)) problems.push(`window ${i + 1}: RateLimit-Limit is not ${org.rateLimitPerMinute}`);
    }
    const perWindow = windows.map((w) => `${w.filter((x) => x.r.status !== 429).length}+${w.filter((x) => x.r.status === 429).length}`).join(' ');
    check.lines.push(`${org.label} (${org.rateLimitPerMinute}/min): ${windows.length} window(s), admitted+429 per window: ${perWindow || '-'}; ${limited} × 429`);
    if (problems.length > 0) {
      check.ok = false;
      check.lines.push(...problems.map((p) => `  ${org.label} ${p}`));
      check.differs.push(`${org.label} ${problems[0]}`);
    }
  }
  return check;
}
