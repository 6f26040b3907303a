import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { OwnRedis } from './redis-server.js';
import { createRunDatabase, type RunDatabase } from './postgres-database.js';
import { makeRunDir, type RunDir } from './run-dir.js';
import { REPO_ROOT, ServiceInstance, type Runner } from './instances.js';
import { TcpProxy } from './tcp-proxy.js';

/**
 * The set-up every script shares: a run folder, a PostgreSQL database of its own on the shared
 * server (optionally reached through a TCP proxy the script controls), a redis-server of its
 * own, and instances of the real service sharing both, with the same signing secrets (README
 * "Scale-out"). `close()` stops everything it started and drops the database, also after a
 * failure or Ctrl-C.
 */
export interface HarnessOptions {
  prefix: string;
  runner: Runner;
  proxy?: boolean;
  redis?: boolean;
  keep?: boolean;
}

export class Harness {
  readonly instances: ServiceInstance[] = [];
  readonly secrets = {
    billing: randomBytes(24).toString('hex'),
    session: randomBytes(24).toString('hex'),
    /** METRICS_TOKEN of every instance: /metrics answers only with it (metricsHeaders). */
    metrics: randomBytes(24).toString('hex'),
  };

  /** The header that reads /metrics of this harness's instances. */
  get metricsHeaders(): Record<string, string> {
    return { authorization: `Bearer ${this.secrets.metrics}` };
  }
  #closed = false;

  private constructor(
    readonly options: HarnessOptions,
    readonly dir: RunDir,
    readonly db: RunDatabase,
    readonly redis: OwnRedis | null,
    readonly proxy: TcpProxy | null,
  ) {}

  static async open(options: HarnessOptions): Promise<Harness> {
    if (options.runner === 'dist') buildDist();
    const dir = makeRunDir(options.prefix);
    let db: RunDatabase | null = null;
    let redis: OwnRedis | null = null;
    let proxy: TcpProxy | null = null;
    try {
      db = await createRunDatabase(options.prefix);
      redis = options.redis === false ? null : await OwnRedis.start(dir.path);
      proxy = options.proxy ? await TcpProxy.start(db.server) : null;
      const h = new Harness(options, dir, db, redis, proxy);
      h.#installSignalHandlers();
      return h;
    } catch (err) {
      await redis?.stop();
      await proxy?.close();
      await db?.drop().catch(() => undefined);
      dir.remove();
      throw err;
    }
  }

  /** The database URL the instances use: through the proxy when there is one. */
  get serviceDatabaseUrl(): string {
    return this.proxy ? this.db.urlVia('127.0.0.1', this.proxy.port) : this.db.url;
  }

  async startInstance(name: string, env: Record<string, string> = {}): Promise<ServiceInstance> {
    const instance = await ServiceInstance.start({
      name,
      runner: this.options.runner,
      dir: this.dir.sub(name),
      env: {
        DATABASE_URL: this.serviceDatabaseUrl,
        ...(this.redis ? { REDIS_URL: this.redis.url } : {}),
        BILLING_SIGNING_SECRET: this.secrets.billing,
        SESSION_SECRET: this.secrets.session,
        METRICS_TOKEN: this.secrets.metrics,
        OUTBOX_DIR: this.dir.sub(`${name}/outbox`),
        LOG_LEVEL: 'info',
        ...env,
      },
    });
    this.instances.push(instance);
    return instance;
  }

  #installSignalHandlers(): void {
    const onSignal = (signal: NodeJS.Signals) => {
      process.stderr.write(`\n${signal}: stopping instances and dropping ${this.db.name}\n`);
      void this.close().finally(() => process.exit(130));
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.allSettled(this.instances.map((i) => (i.running ? i.stop('SIGKILL', 5_000) : Promise.resolve())));
    await this.redis?.stop();
    await this.proxy?.close();
    await this.db.drop().catch((err: Error) => process.stderr.write(`dropping ${this.db.name} failed: ${err.message}\n`));
    if (this.options.keep) process.stdout.write(`run folder kept: ${this.dir.path}\n`);
    else this.dir.remove();
  }
}

function buildDist(): void {
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/** Common command-line options of the scripts. */
export function runnerFrom(value: string | undefined): Runner {
  if (value === undefined || value === 'tsx') return 'tsx';
  if (value === 'dist') return 'dist';
  throw new Error(`--runner must be tsx or dist, got ${value}`);
}
