import net from 'node:net';

/**
 * A TCP proxy in front of the shared PostgreSQL (or any loopback service) that a test controls,
 * so a test can cut or refuse connections without ever stopping the shared server.
 * - `reset()` ends every open connection with a TCP RST towards the client (ECONNRESET);
 * - `stop()` also stops listening (new connections are refused: ECONNREFUSED);
 * - `blackhole(true)` accepts connections but forwards nothing (a connect that never completes);
 * - `start()` listens again on the same port;
 * - `cutOnce(pattern, mode)` kills the one connection on which the client's bytes (the query
 *   text and its parameters, as PostgreSQL's protocol carries them) match `pattern`: at once,
 *   before the matching bytes reach the server (`'before'`: the statement never runs), or once
 *   the client's next `commit` has reached the server with every answer from then on withheld
 *   (`'after-commit'`: the transaction is committed but the client never hears so).
 */
export interface TcpProxy {
  port: number;
  /** The target URL with host and port replaced by the proxy's. */
  urlFor(target: string): string;
  reset(): void;
  blackhole(on: boolean): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Arms a one-shot cut (see above); resolves once that connection was cut. */
  cutOnce(pattern: RegExp, mode: 'before' | 'after-commit'): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** The client's recent bytes, as latin1 text, for cutOnce's pattern. */
  seen: string;
  /** After an 'after-commit' match: waiting for the client's commit. */
  awaitingCommit: boolean;
  /** Answers from the server are dropped (the acknowledgement of a commit is lost). */
  muted: boolean;
}

interface Cut {
  pattern: RegExp;
  mode: 'before' | 'after-commit';
  done: () => void;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let holding = false;
  let armed: Cut | null = null;
  const cut = (pair: Pair) => {
    pair.upstream?.destroy();
    pair.client.resetAndDestroy();
    pairs.delete(pair);
  };
  const fromClient = (pair: Pair, chunk: Buffer) => {
    const upstream = pair.upstream!;
    if (pair.awaitingCommit) {
      upstream.write(chunk);
      // A simple-protocol query 'Q' with the text commit (Kysely's commitTransaction).
      if (/\bcommit\b/i.test(chunk.toString('latin1'))) {
        pair.awaitingCommit = false;
        pair.muted = true;
        const cutDone = armed!.done;
        armed = null;
        setTimeout(() => {
          cut(pair);
          cutDone();
        }, 300); // time for the server to run the commit
      }
      return;
    }
    if (armed) {
      pair.seen = (pair.seen + chunk.toString('latin1')).slice(-8192);
      if (armed.pattern.test(pair.seen)) {
        pair.seen = '';
        if (armed.mode === 'before') {
          const cutDone = armed.done;
          armed = null;
          cut(pair);
          cutDone();
          return;
        }
        pair.awaitingCommit = true;
      }
    }
    upstream.write(chunk);
  };
  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: null, seen: '', awaitingCommit: false, muted: false };
    pairs.add(pair);
    client.on('error', () => undefined);
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (holding) return; // accepted, never answered
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => fromClient(pair, chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (!pair.muted) client.write(chunk);
    });
  });
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  const reset = () => {
    for (const pair of pairs) {
      pair.upstream?.destroy();
      pair.client.resetAndDestroy();
    }
    pairs.clear();
  };
  const stop = async () => {
    reset();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    get port() {
      return port;
    },
    urlFor(target: string) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    reset,
    blackhole(on: boolean) {
      holding = on;
    },
    stop,
    start: listen,
    close: stop,
    cutOnce(pattern, mode) {
      return new Promise<void>((resolve) => {
        armed = { pattern, mode, done: resolve };
      });
    },
  };
}
