import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withClient } from './postgres-database.js';
import type { Check } from './books.js';

/**
 * Data handling after a run (SPEC §7): the planted markers must not be anywhere the service
 * keeps something — the database (pg_dump of the run's database and a SELECT of every table),
 * PostgreSQL's WAL written during the run (where the files are readable), the instances' logs,
 * their /metrics, and their temp folders (which must also be empty). API keys must not be in
 * the logs either.
 */
export interface Haystacks {
  databaseUrl: string;
  runStartedAt: number;
  logs: { name: string; lines: string[] }[];
  metrics: { name: string; text: string }[];
  tempDirs: string[];
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    try {
      if (statSync(path).isDirectory()) out.push(path, ...filesUnder(path));
      else out.push(path);
    } catch {
      // removed meanwhile
    }
  }
  return out;
}

async function databaseTexts(url: string): Promise<{ dump: string | null; dumpNote: string; select: string; tables: number }> {
  const dumped = spawnSync('pg_dump', ['--no-owner', '--dbname', url], { encoding: 'latin1', maxBuffer: 512 * 1024 * 1024 });
  const dump = dumped.status === 0 ? dumped.stdout : null;
  const dumpNote = dump !== null ? `pg_dump ${dump.length} bytes` : `pg_dump failed (${(dumped.stderr || String(dumped.error ?? '')).trim().slice(0, 120)})`;
  return withClient(url, async (c) => {
    const tables = await c.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'");
    const parts: string[] = [];
    for (const { table_name } of tables.rows) parts.push(JSON.stringify((await c.query(`SELECT * FROM "${table_name}"`)).rows));
    return { dump, dumpNote, select: parts.join('\n'), tables: tables.rows.length };
  });
}

/** WAL segments of the shared server modified since the run started, if this user may read them. */
async function walTexts(url: string, since: number): Promise<{ files: string[]; note: string }> {
  try {
    const dir = await withClient(url, async (c) => (await c.query<{ d: string }>("SELECT current_setting('data_directory') AS d")).rows[0]!.d);
    const walDir = join(dir, 'pg_wal');
    const files = readdirSync(walDir)
      .filter((n) => /^[0-9A-F]{24}$/.test(n))
      .map((n) => join(walDir, n))
      .filter((p) => statSync(p).mtimeMs >= since - 1000);
    return { files, note: `${files.length} WAL segment(s) written since the start` };
  } catch (err) {
    return { files: [], note: `WAL not readable here (${(err as Error).message.slice(0, 80)})` };
  }
}

export async function checkMarkers(markers: string[], secrets: string[], h: Haystacks): Promise<Check> {
  const check: Check = { name: 'planted markers absent from database, WAL, logs, metrics and temp folders', ok: true, lines: [], differs: [] };
  const find = (text: string) => markers.filter((m) => text.includes(m));
  const report = (where: string, found: string[], note: string) => {
    check.lines.push(`${found.length === 0 ? 'absent' : 'FOUND'} in ${where}: ${note}`);
    if (found.length > 0) {
      check.ok = false;
      check.differs.push(`marker in ${where}`);
    }
  };

  const db = await databaseTexts(h.databaseUrl);
  report('database', [...find(db.dump ?? ''), ...find(db.select)], `${db.dumpNote}, SELECT * of ${db.tables} tables ${db.select.length} bytes`);

  const wal = await walTexts(h.databaseUrl, h.runStartedAt);
  let walFound: string[] = [];
  let walBytes = 0;
  for (const f of wal.files) {
    try {
      const text = readFileSync(f).toString('latin1');
      walBytes += text.length;
      walFound = [...walFound, ...find(text)];
    } catch {
      // recycled meanwhile
    }
  }
  report('WAL', walFound, `${wal.note}${walBytes ? `, ${(walBytes / 1024 / 1024).toFixed(0)} MB searched` : ''}`);

  const logText = h.logs.map((l) => l.lines.join('\n')).join('\n');
  report('logs', find(logText), `${h.logs.map((l) => `${l.name} ${l.lines.length} lines`).join(', ')}`);
  const leakedKeys = secrets.filter((s) => logText.includes(s));
  if (leakedKeys.length > 0) {
    check.ok = false;
    check.lines.push(`FOUND ${leakedKeys.length} API key(s) in the logs`);
    check.differs.push('API key in logs');
  }

  const metricsText = h.metrics.map((m) => m.text).join('\n');
  report('metrics', find(metricsText), h.metrics.map((m) => `${m.name} ${m.text.length} bytes`).join(', '));

  // tsx keeps its compile cache in TMPDIR (tsx-<uid>/): searched like everything else, but
  // it is the runner's, not the service's, so it does not count as left behind.
  const files = h.tempDirs.flatMap(filesUnder);
  const regular = files.filter((f) => {
    try {
      return statSync(f).isFile();
    } catch {
      return false;
    }
  });
  const runnerCache = (f: string) => h.tempDirs.some((d) => f.startsWith(join(d, 'tsx-')));
  const inTemp = regular.flatMap((f) => [...find(f), ...find(readFileSync(f).toString('latin1'))]);
  const left = regular.filter((f) => !runnerCache(f));
  report(
    'temp folders',
    inTemp,
    `${left.length} file(s) left${left.length ? `: ${left.slice(0, 3).join(', ')}` : ''}; ${regular.length - left.length} file(s) of the tsx compile cache searched too`,
  );
  if (left.length > 0) {
    check.ok = false;
    check.differs.push(`${left.length} temp file(s) left`);
  }
  return check;
}
