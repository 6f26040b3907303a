/**
 * Settlements (commit or release of a call's reservation) that run after a response was
 * written, tracked per organization in this process. A call is committed only once its 200
 * has been written (services/run-metered-analysis settleDelivery), so a client that asks for
 * its usage the moment that 200 arrives could otherwise read the count from before it. The
 * usage reads of this instance wait for the organization's pending settlements (a database
 * write, milliseconds); shutdown waits for all of them before the store closes.
 */
export class PendingSettlements {
  readonly #byOrganization = new Map<string, Set<Promise<void>>>();

  /** Tracks `work` (which must not reject) until it ends. */
  track(organizationId: string, work: Promise<void>): void {
    let pending = this.#byOrganization.get(organizationId);
    if (!pending) this.#byOrganization.set(organizationId, (pending = new Set()));
    pending.add(work);
    void work.finally(() => {
      pending.delete(work);
      if (pending.size === 0 && this.#byOrganization.get(organizationId) === pending) this.#byOrganization.delete(organizationId);
    });
  }

  /** Resolves once the organization's settlements started so far have ended. */
  async settled(organizationId: string): Promise<void> {
    const pending = this.#byOrganization.get(organizationId);
    if (pending) await Promise.allSettled([...pending]);
  }

  /** Resolves once every settlement started so far has ended. */
  async all(): Promise<void> {
    await Promise.allSettled([...this.#byOrganization.values()].flatMap((s) => [...s]));
  }
}
