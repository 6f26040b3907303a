import net from 'node:net';

/**
 * A TCP proxy in front of the shared PostgreSQL (or any loopback service) that a test controls,
 * so a test can cut or refuse connections without ever stopping the shared server.
 * - `reset()` ends every open connection with a TCP RST towards the client (ECONNRESET);
 * - `stop()` also stops listening (new connections are refused: ECONNREFUSED);
 * - `blackhole(true)` accepts connections but forwards nothing (a connect that never completes);
 * - `start()` listens again on the same port.
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
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | null }>();
  let holding = false;
  const server = net.createServer((client) => {
    const pair = { client, upstream: null as net.Socket | null };
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
    client.pipe(upstream);
    upstream.pipe(client);
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
  };
}
