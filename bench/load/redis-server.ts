import { spawn, type ChildProcess } from 'node:child_process';
import { answersPing, freePort } from '../../test/support/throwaway-redis.js';

/**
 * A redis-server of the script's own on a free loopback port, with no persistence, so faults
 * can freeze (SIGSTOP), kill and restart it. The shared Redis on 6379 is never touched.
 * A restart comes back on the same port, as a restarted Redis behind a fixed address would.
 */
export class OwnRedis {
  #child: ChildProcess | null = null;
  #exited: Promise<void> = Promise.resolve();
  #frozen = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(dir: string): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), dir);
    await redis.#spawn();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  async #spawn(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (d) => (output = (output + String(d)).slice(-2000)));
    child.stderr?.on('data', (d) => (output = (output + String(d)).slice(-2000)));
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 20_000;
    while (!(await answersPing(this.port))) {
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        await this.kill();
        throw new Error(`redis-server on port ${this.port} did not come up: ${output.trim().slice(-500) || '(no output)'}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGSTOP: the socket stays open, nothing answers (a hung Redis, not a down one). */
  freeze(): void {
    if (this.#child?.pid && !this.#frozen) {
      process.kill(this.#child.pid, 'SIGSTOP');
      this.#frozen = true;
    }
  }

  thaw(): void {
    if (this.#child?.pid && this.#frozen) {
      process.kill(this.#child.pid, 'SIGCONT');
      this.#frozen = false;
    }
  }

  /** SIGKILL (after SIGCONT, so a frozen server dies too); resolves once it has exited. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) {
      if (this.#frozen) this.thaw();
      child.kill('SIGKILL');
    }
    await this.#exited;
    this.#child = null;
  }

  /** Kill and start again on the same port, empty (no persistence). */
  async restart(): Promise<void> {
    await this.kill();
    await this.#spawn();
  }

  stop(): Promise<void> {
    return this.kill();
  }
}
