// buildApp(config) -> a ready Fastify instance (no listen), used by main.ts and the tests.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import helmet from 'helmet';
import Fastify, { type FastifyError, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import type { PoolOptions } from './db/pg-pool.js';
import { createReadGate } from './lib/read-gate.js';
import { loggerOptions, requestLogs } from './lib/logging.js';
import { createOutageLog } from './lib/db-outage.js';
import { AnswerCache, linkAnswerCache } from './lib/answer-cache.js';
import { apiNoStore } from './lib/cache-control.js';
import { clientErrorHandler } from './lib/client-errors.js';
import type { App, AppContext } from './lib/context.js';
import { DB_UNAVAILABLE, errorBody, GENERIC_ERROR, HttpError, isDatabaseUnavailable, notFound } from './lib/errors.js';
import { checkOrigin } from './lib/origin.js';
import { compiledSerializer } from './lib/serializer.js';
import { validatorCompiler } from './lib/validator.js';
import { createSharedLimitStore } from './lib/rate-limit-store.js';
import { createSealer, loadKey } from './lib/secret.js';
import { createSignals } from './lib/signals.js';
import { registerMetrics } from './lib/metrics.js';
import { refuseWhileStopping, registerReadiness } from './lib/readiness.js';
import { DISK_FULL, type DiskWatch, isDiskFull, refuseUploadsWhenFull } from './lib/disk-space.js';
import { loadMember, type Member, SessionCache } from './lib/session.js';
import auditRoutes from './modules/audit/routes.js';
import alarmRoutes from './modules/alarms/routes.js';
import authRoutes from './modules/auth/routes.js';
import twoStepRoutes from './modules/two-step/routes.js';
import passkeyRoutes from './modules/passkeys/routes.js';
import oauthRoutes from './modules/oauth/routes.js';
import { registerOldLinks } from './modules/imports/old-links.js';
import { closeViews } from './modules/posts/view-counter.js';
import boardRoutes from './modules/boards/routes.js';
import commentRoutes from './modules/comments/routes.js';
import donationRoutes from './modules/donations/routes.js';
import adminSetupRoutes from './modules/community/admin-routes.js';
import communityRoutes from './modules/community/routes.js';
import favoriteRoutes from './modules/favorites/routes.js';
import feedRoutes from './modules/feeds/routes.js';
import fileRoutes from './modules/files/routes.js';
import type { NiceCryptoTokenFn } from './modules/identity/nice.js';
import identityRoutes from './modules/identity/routes.js';
import letterRoutes from './modules/letters/routes.js';
import liveRoutes from './modules/live/routes.js';
import pushRoutes from './modules/push/routes.js';
import mailRoutes from './modules/mail/routes.js';
import notifyRoutes from './modules/notify/routes.js';
import marketRoutes from './modules/market/routes.js';
import auctionRoutes from './modules/market/auction-routes.js';
import marketAlertRoutes from './modules/market/alert-routes.js';
import galleryRoutes from './modules/gallery/routes.js';
import watermarkRoutes from './modules/watermark/routes.js';
import homeRoutes from './modules/home/routes.js';
import museumRoutes from './modules/museum/routes.js';
import spaceRoutes from './modules/space/routes.js';
import todayRoutes from './modules/today/routes.js';
import { registerOpenApiDocument } from './modules/openapi/document.js';
import openApiRoutes from './modules/openapi/routes.js';
import { createIdentityProvider } from './modules/identity/service.js';
import adminMenuRoutes from './modules/menus/admin-routes.js';
import menuRoutes from './modules/menus/routes.js';
import adminBoardRoutes from './modules/boards/admin-routes.js';
import adminProductRoutes from './modules/products/admin-routes.js';
import adminUserRoutes from './modules/users/admin-routes.js';
import productLookupRoutes from './modules/products/lookup-routes.js';
import productRoutes from './modules/products/routes.js';
import pwaRoutes from './modules/pwa/routes.js';
import reportRoutes from './modules/reports/routes.js';
import spamRoutes from './modules/spam/routes.js';
import managerRoutes from './modules/managers/routes.js';
import { registerOldAddresses } from './modules/managers/old-address.js';
import reactionRoutes from './modules/reactions/routes.js';
import pollRoutes from './modules/polls/routes.js';
import sitemapRoutes from './modules/sitemap/routes.js';
import searchRoutes from './modules/search/routes.js';
import { pageRenderer } from './modules/previews/pages.js';
import userRoutes from './modules/users/routes.js';
import ignoreRoutes from './modules/ignores/routes.js';
import gearRoutes from './modules/gear/routes.js';

export interface BuildOptions {
  /** An open database (tests pass their own copy); otherwise one is opened from the config. */
  database?: Database;
  /** Logger options or false; defaults to pino at the configured level. */
  logger?: boolean | object;
  /** Stands in for NICE's crypto token API (tests never call the internet). */
  niceCryptoToken?: NiceCryptoTokenFn;
  /** DATA_DIR's free space (main.ts): below the reserve writes and uploads are refused (lib/disk-space.ts). */
  disk?: DiskWatch;
}

const kMember = Symbol('member');

/** Request bodies: 1 MB per text field (docs/product/site.md#forms-and-checks) and a few fields per form. */
const BODY_LIMIT = 5 * 1024 * 1024;

const HANGUL = /[\uAC00-\uD7A3]/;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const database = opts.database ?? (await openConfiguredDatabase(config));
  const ownsDatabase = !opts.database;
  const { key } = loadKey(config.appSecret, config.dataDir);
  const identity = createIdentityProvider(config.identity, key, opts.niceCryptoToken);
  const answers = new AnswerCache();
  // Searches get a bounded share of the connections and a statement timeout (decision 20).
  const searchGate = createReadGate(database, {
    poolSize: config.databasePoolSize,
    timeoutMs: config.search.timeoutMs,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
  });
  const ctx: AppContext = { db: database.db, config, sealer: createSealer(key), identity, answers, searchGate };

  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    logController: requestLogs(config),
    // A proxy's x-request-id is kept (one id across proxy and nodes) when it looks like an id.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // The configured number of proxies and no more: with `true` the addresses a client writes into
    // X-Forwarded-For itself would count as its address (and dodge every limit by address).
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: BODY_LIMIT,
    // Download addresses carry the file name, percent-encoded (9 characters per Hangul syllable).
    routerOptions: { maxParamLength: 1200 },
    // Its answer is English: refuseWhileStopping answers those requests in Korean instead.
    return503OnClosing: false,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Responses: a serialiser compiled from each response schema, writing only its fields (decision 23).
  app.setSerializerCompiler(compiledSerializer);
  app.decorate('ctx', ctx);
  refuseWhileStopping(app);

  // Cached answers are dropped on every node after a write (decision 22).
  const signals = createSignals({
    url: database.url,
    notify: (channel, payload) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`),
    onError: (err) => app.log.warn({ err }, 'signal connection lost'),
    // The embedded database's notifications carry the live updates (modules/live).
    embedded: database.pglite,
  });
  linkAnswerCache(database.db, answers, signals, (err) => app.log.warn({ err }, 'signal not sent'));

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  // Uploads: one file per request; its size is checked again per call (modules/files).
  await app.register(multipart, { limits: { fileSize: config.uploads.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 } });
  // helmet's middleware is built once and run on every request: @fastify/helmet built it again
  // per request (the CSP directives parsed each time, 2–6 % of a cached answer's CPU).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The widget library sets style attributes and adds style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Members link photos hosted elsewhere; the sanitiser lets through https images only.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the app manifest, both from the site itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // An external identity provider's window is opened by submitting a form to it.
        formAction: ["'self'", ...(identity?.formOrigins ?? [])],
        frameAncestors: ["'self'"],
      },
    },
    // Cross-origin isolation would block the embedded video player.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  // With REDIS_URL the counts are shared by every node; while Redis is down or slow each node
  // counts in its own memory, so no limit lapses and no call waits (decision 13).
  const shared = config.redisUrl ? createSharedLimitStore(config.redisUrl, app.log) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: shared.Store } : {}),
    // A broken limiter store must not take the site down.
    skipOnError: true,
  });
  await app.register(compress, { threshold: 1024 });

  const sessionCache = new SessionCache(config.sessionCacheMs);
  app.decorateRequest('member', function (this: FastifyRequest & { [kMember]?: Promise<Member | null> }) {
    this[kMember] ??= loadMember(ctx.db, this, sessionCache);
    return this[kMember];
  });

  // Every write, whatever its path: a percent-encoded path (/%61pi/...) reaches the same route.
  app.addHook('onRequest', async (req) => {
    checkOrigin(req, config.publicOrigin);
  });
  apiNoStore(app);
  // Every answer names its request id, so a member's report or a proxy log line finds the node's log lines.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const outage = createOutageLog(database.db, app.log);
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof HttpError) return reply.status(error.status).send(errorBody(error));
    if (error.validation) {
      // Every issue has a Korean message naming its field (lib/validator.ts); the general text is
      // a last resort should a field without a known name ever slip through.
      const first = error.validation[0]?.message;
      return reply.status(400).send({ message: first && HANGUL.test(first) ? first : '입력 값을 확인해 주세요.' });
    }
    if (isDiskFull(error, opts.disk)) {
      return reply.status(507).header('retry-after', '60').send({ message: DISK_FULL });
    }
    if (isDatabaseUnavailable(error)) {
      outage.refused(error);
      return reply.status(503).header('retry-after', '5').send({ message: DB_UNAVAILABLE });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send({ message: '보낸 내용이 너무 큽니다.' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, unsupported media type and the like: say so without internals.
      return reply.status(error.statusCode).send({ message: '요청 형식이 올바르지 않습니다.' });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC_ERROR });
  });

  // Before every route: the OpenAPI document is made from the routes registered after it.
  await registerOpenApiDocument(app);

  // Liveness, readiness and Prometheus metrics (docs/operations.md "Health and logs", "Metrics").
  registerReadiness(app, ctx.db, opts.disk);
  if (opts.disk) refuseUploadsWhenFull(app, opts.disk, config.uploads.maxBytes);
  registerMetrics(app, { database, answers, token: config.metricsToken });

  await app.register(authRoutes);
  await app.register(twoStepRoutes);
  await app.register(passkeyRoutes);
  await app.register(oauthRoutes);
  await app.register(userRoutes);
  await app.register(ignoreRoutes);
  await app.register(gearRoutes);
  await app.register(menuRoutes);
  await app.register(communityRoutes);
  await app.register(identityRoutes);
  await app.register(boardRoutes);
  await app.register(searchRoutes);
  await app.register(commentRoutes);
  await app.register(reactionRoutes);
  await app.register(pollRoutes);
  await app.register(favoriteRoutes);
  await app.register(alarmRoutes);
  await app.register(letterRoutes);
  await app.register(liveRoutes, { signals });
  await app.register(pushRoutes);
  await app.register(mailRoutes);
  await app.register(notifyRoutes);
  await app.register(fileRoutes);
  await app.register(adminBoardRoutes);
  await app.register(adminProductRoutes);
  await app.register(adminSetupRoutes);
  await app.register(adminMenuRoutes);
  await app.register(adminUserRoutes);
  await app.register(auditRoutes);
  await app.register(donationRoutes);
  await app.register(reportRoutes);
  await app.register(spamRoutes);
  await app.register(managerRoutes);
  await app.register(productRoutes);
  await app.register(productLookupRoutes);
  await app.register(marketRoutes);
  await app.register(auctionRoutes);
  await app.register(marketAlertRoutes);
  await app.register(spaceRoutes);
  await app.register(galleryRoutes);
  await app.register(watermarkRoutes);
  await app.register(museumRoutes);
  await app.register(todayRoutes);
  await app.register(homeRoutes);
  // Before the web app's catch-all: /robots.txt and the sitemaps are answers of their own.
  await app.register(sitemapRoutes);
  await app.register(openApiRoutes);
  await app.register(feedRoutes);
  await app.register(pwaRoutes);
  // Addresses of the board engine a club moved in from redirect to the new pages.
  registerOldLinks(app);
  // A moved post's old address redirects to its page on its new board.
  registerOldAddresses(app);

  registerWeb(app, config.webDir);

  app.addHook('onClose', async () => {
    // Views held in memory are written before the database goes; reads still queued are refused.
    outage.close();
    await searchGate.close();
    await closeViews(database.db);
    await signals.close();
    await shared?.close();
    if (ownsDatabase) await database.close();
  });
  return app;
}

async function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openDatabase(poolOptions(config, config.databaseUrl)) : openDatabase({ dataDir: join(config.dataDir, 'pglite') });
}

/** The node's PostgreSQL pool as configured: its size and timeouts (main.ts opens it too). */
export function poolOptions(config: Config, url: string): PoolOptions {
  return {
    url,
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    statementTimeoutMs: config.databaseTimeouts.statementMs,
  };
}

/** The built web app: hashed assets cached for a year, index.html never, deep links get the app. */
function registerWeb(app: App, webDir: string) {
  const hasWeb = existsSync(join(webDir, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker is checked for a new version at every start (web/sw/).
        else if (path.endsWith('.html') || path.endsWith(`${sep}sw.js`)) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }
  if (hasWeb) {
    // A route rather than the not-found handler, so route hooks such as compression apply. The
    // page carries its link preview (modules/previews).
    const page = pageRenderer(app, webDir);
    app.get('/*', async (req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      if (path.startsWith('/api/') || path.startsWith('/assets/')) throw notFound();
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await page(req));
    });
  }
  app.setNotFoundHandler(() => {
    throw notFound();
  });
}
