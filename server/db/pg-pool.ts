// The node-postgres pool, made safe for a database server that restarts or drops connections.
import pg from 'pg';

export interface PoolOptions {
  url: string;
  poolSize?: number;
  /** Settings of every connection's session, as `-c name=value` (the searches' own pool). */
  session?: Record<string, string | number>;
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

export function createPool(opts: PoolOptions): pg.Pool {
  return new GuardedPool(
    {
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // A server that vanished without closing the connection is noticed instead of waited for.
      keepAlive: true,
      ...(opts.session && {
        options: Object.entries(opts.session)
          .map(([name, value]) => `-c ${name}=${value}`)
          .join(' '),
      }),
    },
    opts.onConnectionLost ?? (() => {}),
  );
}
