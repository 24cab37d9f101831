// The node-postgres pool, made safe for a database server that restarts or drops connections.
import type { Socket } from 'node:net';
import pg from 'pg';

export interface PoolOptions {
  url: string;
  poolSize?: number;
  /** Settings of every connection's session, as `-c name=value` (the searches' own pool). */
  session?: Record<string, string | number>;
  /**
   * Statements running longer are cancelled by the server (statement_timeout); a server that does
   * not answer at all is given up on a second later (query_timeout) and that connection dropped.
   * None when not given (scripts, migrations).
   */
  statementTimeoutMs?: number;
  /** Waiting for a connection, new or a free place in the pool, fails after this long (default 5 s). */
  connectTimeoutMs?: number;
  /** Told once for every connection the server drops (the pool replaces it by itself). */
  onConnectionLost?: (err: Error) => void;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * node-postgres takes its error listener off a client while the client is checked out (a
 * transaction between two statements), so a connection lost then reached the process as an
 * uncaught 'error' event and stopped the server. Here every client keeps a listener for its
 * whole life, and a checked-out client that breaks goes back to the pool at once (which drops
 * it): Drizzle never releases a client whose BEGIN failed, and such clients would otherwise fill
 * the pool for good.
 */
class GuardedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly onLost: (err: Error) => void,
  ) {
    super(config);
    this.on('connect', (client) => {
      client.on('error', (err) => this.onLost(err));
      dropOnReadTimeout(client);
      // A FATAL message (the backend was terminated or is shutting down) fails the running
      // statement before the socket closes; a holder releasing in between would otherwise put a
      // dead connection back into the pool for the next statement to fail on.
      const connection = (client as unknown as { connection?: NodeJS.EventEmitter }).connection;
      connection?.on('errorMessage', (msg: { severity?: string }) => {
        if (msg.severity === 'FATAL' || msg.severity === 'PANIC') fatal.add(client);
      });
    });
    // An idle client losing its server: the pool removes it; nothing else to do.
    this.on('error', () => {});
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // The pool's own query() checks clients out with a callback and guards them itself.
    if (callback) return super.connect(callback);
    return super.connect().then(releaseOnError);
  }
}

const fatal = new WeakSet<pg.ClientBase>();

/** Releases the client (to be dropped) when its connection breaks; later releases do nothing. */
function releaseOnError(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const finish = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', onError);
    release(err ?? (fatal.has(client) ? new Error('connection ended by the server') : undefined));
  };
  const onError = (err: Error) => finish(err);
  client.on('error', onError);
  client.release = finish;
  return client;
}

/** Past the server's own statement timeout, how long a statement is still waited for. */
const READ_TIMEOUT_MARGIN_MS = 1000;

/**
 * A statement the server never answered (query_timeout): its connection is closed, so the
 * statements queued behind it (a transaction's ROLLBACK) fail at once instead of waiting in turn,
 * and the pool drops it instead of handing it out again.
 */
function dropOnReadTimeout(client: pg.PoolClient) {
  const query = client.query as (...args: unknown[]) => unknown;
  const check = (err: unknown) => {
    if ((err as Error | undefined)?.message !== 'Query read timeout') return;
    fatal.add(client);
    (client as unknown as { connection?: { stream?: Socket } }).connection?.stream?.destroy();
  };
  (client as unknown as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, res: unknown) => {
        check(err);
        callback(err, res);
      };
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.catch(check);
    return result;
  };
}

export function createPool(opts: PoolOptions): pg.Pool {
  const session = {
    ...(opts.statementTimeoutMs && { statement_timeout: Math.trunc(opts.statementTimeoutMs) }),
    ...opts.session,
  };
  return new GuardedPool(
    {
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      ...(opts.statementTimeoutMs && { query_timeout: opts.statementTimeoutMs + READ_TIMEOUT_MARGIN_MS }),
      idleTimeoutMillis: 30_000,
      // A server that vanished without closing the connection is noticed instead of waited for.
      keepAlive: true,
      ...(Object.keys(session).length > 0 && {
        options: Object.entries(session)
          .map(([name, value]) => `-c ${name}=${value}`)
          .join(' '),
      }),
    },
    opts.onConnectionLost ?? (() => {}),
  );
}
