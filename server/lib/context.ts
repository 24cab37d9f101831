import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { IdentityProvider } from '../modules/identity/provider.js';
import type { AnswerCache } from './answer-cache.js';
import type { ReadGate } from './read-gate.js';
import type { Sealer } from './secret.js';

/** What every route and service may use: the database, configuration and the at-rest sealer. */
export interface AppContext {
  db: Db;
  config: Config;
  sealer: Sealer;
  /** The real-name verification provider; null when IDENTITY_PROVIDER=none. */
  identity: IdentityProvider | null;
  /** Answers every reader of a kind gets alike, kept per node (decision 22). */
  answers: AnswerCache;
  /** Long reads (searches of the boards and the market) take turns through it (decision 20). */
  searchGate: ReadGate;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
