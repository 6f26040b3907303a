import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a server (PostgreSQL), which the fault script
 * turns off and on to make the database unreachable for a while without touching the server:
 * - 'pass': bytes flow both ways;
 * - 'refuse': every open connection is reset and new ones are reset on accept (a database that
 *   went away: errors come at once);
 * - 'blackhole': new connections are accepted but never answered and open ones stop carrying
 *   bytes (a network partition: nothing errors, everything waits).
 * Back to 'pass', new connections work again; connections cut while refusing stay cut, and
 * those held in the black hole are reset (their bytes were dropped, the protocol state is gone).
 */
export type ProxyMode = 'pass' | 'refuse' | 'blackhole';

export class TcpProxy {
  #mode: ProxyMode = 'pass';
  readonly #pairs = new Set<{ client: Socket; upstream: Socket | null }>();
  #accepted = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    let proxy!: TcpProxy;
    const server = createServer((client) => proxy.#accept(client, target));
    const port = await new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : 0);
      });
    });
    proxy = new TcpProxy(server, port);
    return proxy;
  }

  get mode(): ProxyMode {
    return this.#mode;
  }

  get accepted(): number {
    return this.#accepted;
  }

  #accept(client: Socket, target: { host: string; port: number }): void {
    this.#accepted++;
    client.on('error', () => undefined);
    if (this.#mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null };
    this.#pairs.add(pair);
    client.once('close', () => {
      pair.upstream?.destroy();
      this.#pairs.delete(pair);
    });
    if (this.#mode === 'blackhole') {
      client.pause(); // accepted, never answered; reset when the proxy passes again
      return;
    }
    this.#connectUpstream(pair, target);
  }

  #connectUpstream(pair: { client: Socket; upstream: Socket | null }, target: { host: string; port: number }): void {
    const upstream = connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.once('close', () => pair.client.destroy());
    pair.client.on('data', (d) => {
      if (this.#mode === 'pass') upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (this.#mode === 'pass') pair.client.write(d);
    });
  }

  set(mode: ProxyMode): void {
    const previous = this.#mode;
    this.#mode = mode;
    if (mode === 'refuse') {
      for (const pair of this.#pairs) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
      }
      this.#pairs.clear();
    }
    if (mode === 'pass' && previous === 'blackhole') {
      // Bytes were dropped both ways: the sessions are broken; reset them so clients reconnect.
      for (const pair of this.#pairs) {
        pair.client.resetAndDestroy();
        pair.upstream?.destroy();
      }
      this.#pairs.clear();
    }
  }

  async close(): Promise<void> {
    for (const pair of this.#pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.#pairs.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
