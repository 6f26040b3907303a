import type { Outcome } from '../services/service-error.js';
import type { OutboxMessage } from './outbox.js';
import type { KeyMode } from '../domain/api-key-format.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

/** What the operator commands run on (cli/main.ts builds it from the server's settings). */
export interface CliDeps {
  store: Store;
  clock: Clock;
  keyMode: KeyMode;
  outboxDir: string;
  listOutbox: (dir: string) => Promise<OutboxMessage[]>;
}

/** The JSON object `--json` prints (scripts depend on its exact shape) and a line for people; or a failure with its message. */
export type CommandResult = { ok: true; json: unknown; text: string } | { ok: false; message: string; usage?: boolean };

/** The parsed `--name value` options; a flag without a value is `true`. */
export type Flags = Record<string, string | boolean | undefined>;

/** One command: its deps and options in, its result out; never throws for a user's mistake. */
export type Command = (deps: CliDeps, flags: Flags) => Promise<CommandResult>;

/** A flag's value when it was given one (a bare `--name` counts as not given). */
export const str = (flags: Flags, name: string): string | undefined => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);

/** A whole-number flag ≥ 0; absent is `undefined`, anything else but decimal digits a usage error. */
export function intFlag(flags: Flags, name: string): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const raw = str(flags, name);
  if (raw === undefined) return { ok: true, value: undefined };
  // Decimal digits only: Number() would take "" as 0 and "0x10" as 16, and an unset variable in
  // an operator's script must not silently give a customer no included calls.
  if (!/^\d{1,12}$/.test(raw)) return { ok: false, message: `--${name} must be a whole number ≥ 0, got "${raw}"` };
  return { ok: true, value: Number(raw) };
}

/** A service's failure as the command's, with the service's message. */
export const failed = (outcome: Outcome<unknown> & { ok: false }): CommandResult => ({ ok: false, message: outcome.error.message });
/** A required flag that was not given: a usage error. */
export const missing = (name: string): CommandResult => ({ ok: false, message: `--${name} is required`, usage: true });
