import { spawn, spawnSync } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** A redis-server of a test's own, which the test may kill (the shared one must stay up). */
export interface ThrowawayRedis {
  url: string;
  /** Kills the server (SIGKILL) and resolves once it has exited. Safe to call twice. */
  kill(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: its socket stays open, it stops answering. */
  freeze(): void;
  thaw(): void;
}

export const hasRedisServerBinary = spawnSync('redis-server', ['--version']).status === 0;

/** How long a fresh redis-server may take to answer PING on a loaded CI machine. */
const READY_TIMEOUT_MS = 20_000;

/**
 * Starts redis-server on a port the kernel just handed out, and resolves once it answers PING.
 * Rejects with redis-server's own output when it exits or does not answer in time, so a
 * failure says why (a taken port, a missing binary) instead of only that a start failed.
 */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await kill();
      throw new Error(`redis-server on port ${port} did not come up: ${output.trim().slice(-500) || '(no output)'}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGCONT');
      await kill();
    },
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
  };
}

/** A loopback port that was free a moment ago (bound to 0, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a Redis on the loopback port answers PING within a second. */
export function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(String(d).startsWith('+PONG')));
  });
}
