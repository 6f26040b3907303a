import { parseArgs } from 'node:util';
import { openStore } from '../adapters/store/open-store.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { systemClock } from '../ports/clock.js';
import { runCommand, USAGE } from './commands.js';
import { listOutbox } from './outbox.js';

/** Operator CLI entry (SPEC §10): same settings as the server; `--json` prints one object. */
async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        email: { type: 'string' },
        tier: { type: 'string' },
        org: { type: 'string' },
        key: { type: 'string' },
        scopes: { type: 'string' },
        included: { type: 'string' },
        'overage-cents': { type: 'string' },
        'rate-limit': { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stdout.write(`${USAGE}\n`);
    return parsed.values.help ? 0 : 2;
  }
  const config = loadConfig();
  const store = await openStore(config.databaseUrl);
  try {
    await store.migrate();
    const result = await runCommand(
      { store, clock: systemClock, keyMode: config.apiKeyMode, outboxDir: config.outboxDir, listOutbox },
      parsed.positionals,
      parsed.values,
    );
    const json = parsed.values.json === true;
    if (!result.ok) {
      if (json) process.stdout.write(`${JSON.stringify({ error: { message: result.message } })}\n`);
      process.stderr.write(`${result.message}\n${result.usage ? `\n${USAGE}\n` : ''}`);
      return result.usage ? 2 : 1;
    }
    process.stdout.write(json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(err instanceof ConfigError ? `${err.message}\n` : `Failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
