import { drive } from '../driver.js';
import { countBy, formatCounts, max, ms, outcomeOf, percentile } from '../stats.js';
import { booksOf, check, orgsFor, pollHealth, sleep, type FaultCase } from './context.js';

/**
 * The script's own redis-server frozen with SIGSTOP for 12 s (a hung Redis: the socket stays
 * open, nothing answers), then thawed, then killed and restarted on the same port, under load on
 * both instances. While it is frozen, keyed requests and /readyz must answer quickly (within
 * FAST_MS) with 503 and Retry-After rather than hang; after the thaw and the restart the
 * service answers 200 again without a restart of its own.
 */
const FAST_MS = 5_000;
const FREEZE_AT = 8_000;
const THAW_AT = 20_000;
const RESTART_AT = 28_000;
const DURATION_MS = 45_000;

export const redisFreeze: FaultCase = {
  name: 'redis-freeze',
  what: 'own redis-server frozen (SIGSTOP) for 12 s, thawed, then killed and restarted, under load',
  async run(ctx) {
    const redis = ctx.h.redis;
    if (!redis) throw new Error('redis-freeze needs the own redis-server');
    const orgs = await orgsFor(ctx, [
      { label: 'redis-business', tier: 'business' },
      { label: 'redis-trial', tier: 'trial', rateLimit: 600 },
    ]);
    const health = pollHealth([ctx.a, ctx.b], '/readyz');
    const start = Date.now();
    let frozenFrom = 0;
    let frozenTo = 0;
    let restartedAt = 0;
    let restartBegan = 0;
    const timeline = (async () => {
      await sleep(start + FREEZE_AT - Date.now());
      frozenFrom = Date.now();
      redis.freeze();
      ctx.out(`  t=${((frozenFrom - start) / 1000).toFixed(1)} s redis-server frozen (SIGSTOP)`);
      await sleep(start + THAW_AT - Date.now());
      redis.thaw();
      frozenTo = Date.now();
      ctx.out(`  t=${((frozenTo - start) / 1000).toFixed(1)} s thawed (SIGCONT)`);
      await sleep(start + RESTART_AT - Date.now());
      restartBegan = Date.now();
      await redis.restart();
      restartedAt = Date.now();
      ctx.out(`  t=${((restartedAt - start) / 1000).toFixed(1)} s killed and restarted on port ${redis.port}`);
    })();
    const records = await drive(
      [
        { org: orgs[0]!, perMinute: 40, mix: { statement: 1, letter: 1 }, concurrency: 3 },
        { org: orgs[1]!, perMinute: 30, mix: { letter: 1 }, concurrency: 2 },
      ],
      { targets: [ctx.a, ctx.b].map((i) => ({ name: i.name, url: i.url })), durationMs: DURATION_MS, dispatcher: ctx.agent, docs: ctx.docs },
    );
    await timeline;
    await health.stop();

    // Sent while frozen: the rate-limit check cannot be answered.
    const frozen = records.filter((r) => r.sentAt >= frozenFrom && r.sentAt < frozenTo);
    const slow = frozen.filter((r) => r.latencyMs > FAST_MS || (r.status !== 503 && r.status !== 200));
    const without503 = frozen.filter((r) => r.status === 503 && !r.retryAfter);
    // A poll sent while frozen but answered after the thaw may rightly be 200 (the thawed Redis
    // answered its PING): only answers given while Redis was still frozen must be 503; every
    // poll sent while frozen must be answered within FAST_MS.
    const readySent = health.samples.filter((s) => s.at >= frozenFrom && s.at < frozenTo);
    const readyFrozen = readySent.filter((s) => s.at + s.latencyMs < frozenTo);
    const readyAcrossThaw = readySent.filter((s) => s.at + s.latencyMs >= frozenTo);
    const readySlow = readySent.filter((s) => s.latencyMs > FAST_MS || (s.at + s.latencyMs < frozenTo && s.status !== 503));
    // Answered between the thaw (+3 s) and the kill: a call in flight at the kill may rightly be 503.
    const afterThaw = records.filter((r) => r.sentAt >= frozenTo + 3_000 && r.doneAt < restartBegan);
    const afterRestart = records.filter((r) => r.sentAt >= restartedAt + 5_000);
    const fine = (r: { status: number | null }) => r.status === 200 || r.status === 402 || r.status === 429;
    ctx.out(`  keyed calls sent while frozen: ${frozen.length}: ${formatCounts(countBy(frozen, outcomeOf))}; latency p50 ${ms(percentile(frozen.map((r) => r.latencyMs), 50))}, max ${ms(max(frozen.map((r) => r.latencyMs)))}`);
    ctx.out(`  /readyz answered while frozen: ${readyFrozen.length} polls: ${formatCounts(countBy(readyFrozen, (s) => String(s.status ?? 'no answer')))}; max ${ms(max(readyFrozen.map((s) => s.latencyMs)))}`);
    ctx.out(`  /readyz sent while frozen, answered after the thaw: ${readyAcrossThaw.length} polls: ${formatCounts(countBy(readyAcrossThaw, (s) => String(s.status ?? 'no answer')))}; max ${ms(max(readyAcrossThaw.map((s) => s.latencyMs)))}`);
    ctx.out(`  after the thaw: ${formatCounts(countBy(afterThaw, outcomeOf))}; ≥ 5 s after the restart: ${formatCounts(countBy(afterRestart, outcomeOf))}`);
    return [
      check(
        `keyed calls while Redis is frozen answer 503 with Retry-After within ${FAST_MS / 1000} s`,
        frozen.length > 0 && slow.length === 0 && without503.length === 0,
        [`${slow.length} of ${frozen.length} slower than ${FAST_MS / 1000} s or not 503; ${without503.length} 503 without Retry-After`],
        `${slow.length} of ${frozen.length} keyed calls hung or were not 503 while Redis was frozen`,
      ),
      check(
        `/readyz while Redis is frozen answers 503 within ${FAST_MS / 1000} s`,
        readyFrozen.length > 0 && readySlow.length === 0,
        [`${readySlow.length} of ${readySent.length} polls slower than ${FAST_MS / 1000} s or answered other than 503 while frozen`],
        `/readyz hung or was not 503 while Redis was frozen (${readySlow.length} of ${readySent.length} polls)`,
      ),
      check(
        'back to normal after the thaw and after the restart, without restarting the service',
        afterThaw.length > 0 && afterThaw.every(fine) && afterRestart.length > 0 && afterRestart.every(fine),
        [`after thaw ${afterThaw.filter(fine).length}/${afterThaw.length} normal; after restart ${afterRestart.filter(fine).length}/${afterRestart.length} normal`],
        'no recovery after Redis came back',
      ),
      ...(await booksOf(ctx.h.db.url, orgs, records)),
    ];
  },
};
