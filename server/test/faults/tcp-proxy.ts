import net from 'node:net';

// A TCP proxy between the server and PostgreSQL that a test can break in the ways a database goes
// away: stopped (connections reset, new ones refused), unreachable (a black hole: connections stay
// open but nothing arrives), or lost at the exact moment a given statement is on its way.

type Pair = { client: net.Socket; upstream: net.Socket };
export type CutMode = 'refuse' | 'blackhole';

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  private mode: 'open' | CutMode = 'open';
  private trigger: { text: string; mode: CutMode; fired: () => unknown } | null = null;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async listen(): Promise<number> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  private accept(client: net.Socket) {
    client.on('error', () => {});
    if (this.mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    upstream.on('error', () => {});
    const pair = { client, upstream };
    this.pairs.add(pair);
    const drop = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', drop);
    upstream.on('close', drop);
    client.on('data', (chunk) => {
      if (this.mode === 'blackhole') return;
      const t = this.trigger;
      if (t && chunk.includes(t.text)) {
        // The statement never reaches the database: the connection dies just before it.
        this.trigger = null;
        this.cut(t.mode);
        t.fired();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (this.mode !== 'blackhole') client.write(chunk);
    });
  }

  /**
   * refuse: as when PostgreSQL stops (open connections reset, new ones refused).
   * blackhole: as when the network to it is lost (nothing goes through; nobody is told).
   */
  cut(mode: CutMode) {
    this.mode = mode;
    if (mode === 'refuse') {
      for (const p of this.pairs) {
        p.client.resetAndDestroy();
        p.upstream.destroy();
      }
      this.pairs.clear();
    }
  }

  /** Cuts (in `mode`) as soon as a client sends a message containing `text`; `fired` tells whether it did. */
  cutWhen(text: string, mode: CutMode = 'refuse'): { readonly fired: boolean } {
    const state = { fired: false };
    this.trigger = { text, mode, fired: () => (state.fired = true) };
    return state;
  }

  /** The database is back. Connections held through a black hole are dropped (they timed out). */
  restore() {
    if (this.mode === 'blackhole') {
      for (const p of this.pairs) {
        p.client.resetAndDestroy();
        p.upstream.destroy();
      }
      this.pairs.clear();
    }
    this.mode = 'open';
    this.trigger = null;
  }

  async close() {
    this.cut('refuse');
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
