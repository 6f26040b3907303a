/** Shared set-up for service tests: a real, migrated store per backend and a controllable clock. */
import { after, before } from 'node:test';
import { openStore } from '../../src/adapters/store/open-store.js';
import type { Clock } from '../../src/ports/clock.js';
import type { Store } from '../../src/ports/store.js';
import { createOrganization } from '../../src/services/create-organization.js';
import { createTestDatabase, type Backend, type TestDatabase } from '../support/databases.js';

export interface ManualClock extends Clock {
  set(iso: string | Date): void;
  advance(ms: number): void;
}

export function manualClock(start: string): ManualClock {
  let current = new Date(start);
  return {
    now: () => new Date(current.getTime()),
    set: (t) => {
      current = new Date(t);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

/** Registers before/after hooks in the current describe; `ctx.store` is ready inside tests. */
export function useStore(kind: Backend): { store: Store; db: TestDatabase } {
  const ctx = {} as { store: Store; db: TestDatabase };
  before(async () => {
    ctx.db = await createTestDatabase(kind);
    ctx.store = await openStore(ctx.db.url);
    await ctx.store.migrate();
  });
  after(async () => {
    await ctx.store?.close();
    await ctx.db?.drop();
  });
  return ctx;
}

export async function newOrg(store: Store, clock: Clock, tier: Parameters<typeof createOrganization>[1]['tier'] = 'trial') {
  const created = await createOrganization(
    { store, clock, keyMode: 'live' },
    { name: `Muster GmbH ${Math.random().toString(36).slice(2, 8)}`, email: 'ops@example.de', tier },
  );
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}
