// Small messages between the app nodes of one site (decision 22, docs/operations.md#several-app-nodes): "these cached answers changed".
// On PostgreSQL every node LISTENs on one channel over a connection of its own and publishes
// with pg_notify through the pool; the embedded database serves one process (its data folder is
// locked), so there the messages stay in that process. A pg_notify sent inside a transaction
// (live updates, modules/live) is delivered at its commit and dropped on rollback, on both engines:
// the embedded database's own notifications are heard too.
import { EventEmitter } from 'node:events';
import pg from 'pg';

export const SIGNAL_CHANNEL = 'chalkak_signals';
const CHANNEL = SIGNAL_CHANNEL;
/** pg_notify's payload limit is 8000 bytes; messages are a few tags. */
const MAX_PAYLOAD = 7000;

export interface Signals {
  /** Sends to every node, this one included (asynchronously). */
  publish(message: string): Promise<void>;
  /** Messages from any node. */
  onMessage(handler: (message: string) => void): void;
  /**
   * Whether messages are being received. Told false when the listening connection is lost (this
   * node may miss messages from then on) and true once it listens again.
   */
  onListening(handler: (listening: boolean) => void): void;
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface SignalOptions {
  /** PostgreSQL: the database URL; without it the messages stay in this process. */
  url?: string | undefined;
  /** PostgreSQL: sends one notification (normally through the app's pool). */
  notify?: (channel: string, payload: string) => Promise<unknown>;
  /** First wait before reconnecting; doubles up to 5 s. */
  retryMs?: number;
  /** Told when listening stops, once until it listens again (failed reconnects are not told). */
  onError?: (err: Error) => void;
  /** The embedded database: its notifications on the channel (sent with pg_notify) are heard too. */
  embedded?: { listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> } | undefined;
}

export function createSignals(opts: SignalOptions = {}): Signals {
  return opts.url ? new PgSignals(opts.url, opts) : new LocalSignals(opts.embedded);
}

class LocalSignals implements Signals {
  private readonly events = new EventEmitter();
  readonly listening = true;

  constructor(embedded: SignalOptions['embedded']) {
    // Never unlistened: close() drops the handlers, and the database closes after the app (an
    // UNLISTEN then could wait on a stopped embedded database).
    embedded?.listen(CHANNEL, (payload) => this.events.emit('message', payload)).catch(() => undefined);
  }

  async publish(message: string) {
    // After the caller's turn, as with the database.
    queueMicrotask(() => this.events.emit('message', message));
  }
  onMessage(handler: (message: string) => void) {
    this.events.on('message', handler);
  }
  onListening() {}
  async close() {
    this.events.removeAllListeners();
  }
}

/**
 * LISTEN on a dedicated client that reconnects by itself: a database restart or a terminated
 * backend is reported (listening = false) and retried with a growing wait, never thrown.
 */
class PgSignals implements Signals {
  private readonly events = new EventEmitter();
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private wait: number;
  /** A failure was reported since the last time it listened: retries failing too are not. */
  private reported = false;
  listening = false;

  constructor(
    private readonly url: string,
    private readonly opts: SignalOptions,
  ) {
    this.wait = opts.retryMs ?? 250;
    void this.connect();
  }

  private async connect() {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      // Seen in pg_stat_activity as what it is.
      application_name: 'chalkak-signals',
    });
    this.client = client;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (err && !this.reported) {
        this.reported = true;
        this.opts.onError?.(err);
      }
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      this.setListening(false);
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload !== undefined) this.events.emit('message', n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (e) {
      onLost(e as Error);
      return;
    }
    if (this.closed || lost) return;
    this.wait = this.opts.retryMs ?? 250;
    this.reported = false;
    this.setListening(true);
  }

  private retry() {
    if (this.closed || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.wait);
    this.timer.unref();
    this.wait = Math.min(this.wait * 2, 5000);
  }

  private setListening(value: boolean) {
    if (this.listening === value) return;
    this.listening = value;
    this.events.emit('listening', value);
  }

  async publish(message: string) {
    if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error('signal message too long');
    await (this.opts.notify ?? ((channel, payload) => this.client!.query('select pg_notify($1, $2)', [channel, payload])))(CHANNEL, message);
  }

  onMessage(handler: (message: string) => void) {
    this.events.on('message', handler);
  }

  onListening(handler: (listening: boolean) => void) {
    this.events.on('listening', handler);
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.events.removeAllListeners();
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}
