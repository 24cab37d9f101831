// The rate-limit store when REDIS_URL is set: counts live in Redis, shared by every node, and this
// node's memory stands in while Redis is unreachable or does not answer in time (decision 13).
// Both halves are @fastify/rate-limit's own stores; this file only chooses between them.
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];
interface Store extends FastifyRateLimitStore {
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
}
interface StoreParams {
  continueExceeding: boolean;
  exponentialBackoff: boolean;
}

// The plugin's stores are not in its typed exports; the version is pinned in package.json.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

const NAMESPACE = 'chalkak-rl:';
/** After a command fails on an open connection (a hung Redis), counts stay local this long. */
const PAUSE_AFTER_FAILURE_MS = 5_000;

/** Fail fast: no command waits for a connection, none waits long for an answer. */
export const REDIS_OPTIONS: RedisOptions = {
  connectTimeout: 1_000,
  commandTimeout: 500,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  // Keep trying, 0.2 s, 0.4 s … then every 2 s: limits are shared again soon after Redis returns.
  retryStrategy: (times) => Math.min(times * 200, 2_000),
};

/** Whether Redis can be asked now; logs the outage once and the recovery once. */
class RedisState {
  private down = false;
  private pausedUntil = 0;

  constructor(
    readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
  ) {
    // Without an 'error' listener ioredis prints every failed reconnect to stderr.
    redis.on('error', (err) => this.failed(err));
    redis.on('ready', () => this.succeeded());
  }

  usable() {
    return this.redis.status === 'ready' && Date.now() >= this.pausedUntil;
  }

  failed(err: Error) {
    if (this.redis.status === 'ready') this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
    if (this.down) return;
    this.down = true;
    this.log.warn({ err }, 'Redis unavailable: rate limits count in each node’s memory until it returns');
  }

  succeeded() {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis available again: rate limits are shared between nodes again');
  }
}

/** Redis when it answers, otherwise this node's memory; the same choice for every call. */
class FallbackStore implements Store {
  constructor(
    private readonly state: RedisState,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number) {
    this.either('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number) {
    this.either('read', key, cb, timeWindow, max);
  }

  child(routeOptions: RouteOptions) {
    return new FallbackStore(this.state, this.shared.child(routeOptions), this.local.child(routeOptions));
  }

  private either(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
    const local = () => this.local[method]!(key, cb, timeWindow, max);
    if (!this.state.usable()) return local();
    this.shared[method]!(
      key,
      (err, result) => {
        if (err) {
          this.state.failed(err);
          return local();
        }
        this.state.succeeded();
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }
}

export interface SharedLimitStore {
  /** For @fastify/rate-limit's `store` option. */
  Store: FastifyRateLimitStoreCtor;
  close(): Promise<void>;
}

export function createSharedLimitStore(url: string, log: FastifyBaseLogger): SharedLimitStore {
  const redis = new Redis(url, REDIS_OPTIONS);
  const state = new RedisState(redis, log);
  const Store = class extends FallbackStore {
    constructor(params: object) {
      const p = params as StoreParams;
      super(state, new RedisStore(p.continueExceeding, p.exponentialBackoff, redis, NAMESPACE), new LocalStore(p.continueExceeding, p.exponentialBackoff));
    }
  };
  return {
    Store,
    async close() {
      await redis.quit().catch(() => {});
      redis.disconnect();
    },
  };
}
