import { parseArgs } from 'node:util';
import { createOpenAiCompatibleClient } from '../adapters/llm/openai-compatible.js';
import { openStore } from '../adapters/store/open-store.js';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { readerConfigOf } from '../config/reader-config.js';
import { buildPipelineRegistry } from '../pipeline/pipelines.js';
import { createDocumentReader } from '../pipeline/reading/read-document.js';
import { analysisStages } from '../pipeline/stages/analysis/index.js';
import { systemClock } from '../ports/clock.js';
import { checkAnalyzeOptions, runAnalyzeCommand } from './analyze.js';
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
        type: { type: 'string' },
        format: { type: 'string' },
        out: { type: 'string' },
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
  if (parsed.positionals[0] === 'analyze') return analyze(config, parsed.positionals.slice(1), parsed.values);
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

/**
 * `analyze`: documents read without a server and without a database, through the reader and
 * pipelines the server builds from the same settings (OCR engine, languages, AI refinement), so
 * the results are the API's.
 */
async function analyze(config: Config, inputs: string[], flags: { type?: string; format?: string; out?: string }): Promise<number> {
  const checked = checkAnalyzeOptions({ inputs, type: flags.type, format: flags.format, out: flags.out });
  if (!checked.ok) {
    process.stderr.write(`${checked.usage}\n\n${USAGE}\n`);
    return 2;
  }
  const reader = createDocumentReader(readerConfigOf(config));
  const pipelines = buildPipelineRegistry(
    config.llm
      ? analysisStages(
          createOpenAiCompatibleClient({ baseUrl: config.llm.baseUrl, apiKey: config.llm.apiKey, model: config.llm.model, timeoutMs: config.llm.timeoutMs }),
        )
      : {},
  );
  try {
    const result = await runAnalyzeCommand(
      {
        pipelines,
        reader,
        maxPages: config.maxPages,
        processingTimeoutMs: config.processingTimeoutMs,
        now: () => new Date(),
        stdout: (data) => process.stdout.write(data),
        stderr: (line) => process.stderr.write(`${line}\n`),
      },
      checked.value,
    );
    if (result.exitCode === 2) process.stderr.write(`${result.usage}\n\n${USAGE}\n`);
    return result.exitCode;
  } finally {
    await reader.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(err instanceof ConfigError ? `${err.message}\n` : `Failed: ${(err as Error).message}\n`);
    process.exit(1);
  },
);
