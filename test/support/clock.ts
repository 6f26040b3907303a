import type { Clock } from '../../src/ports/clock.js';

/** A clock tests move by hand, to cross billing-period boundaries. */
export class ManualClock implements Clock {
  #t: number;
  constructor(start: Date | string = '2026-03-15T10:00:00.000Z') {
    this.#t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#t);
  }
  set(to: Date | string): void {
    this.#t = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#t += ms;
  }
}
