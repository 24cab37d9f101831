// Configuration is read here, once, from the environment and validated; nothing else reads process.env.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The project folder (holds package.json), found from this file whether run from source or dist/. */
export const ROOT = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(resolve(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('package.json not found above ' + dir);
    dir = up;
  }
  return dir;
})();

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const Env = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // PostgreSQL: how long a call waits for a connection (a new one, or a free place in the pool),
  // and how long a statement may run; a server that stops answering costs a call no more.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://').optional(),
  ADMIN_USER_ID: z.string().regex(/^[a-z0-9_]{4,20}$/, 'ADMIN_USER_ID: 4-20 of a-z 0-9 _').default('admin'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD: at least 8 characters').optional(),
  APP_SECRET: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'APP_SECRET must be 64 hex characters (32 bytes)')
    .optional(),
  PUBLIC_ORIGIN: z.string().url().optional(),
  /**
   * How many reverse proxies stand in front (true = one). The client address is the one the
   * outermost of them saw: addresses a client writes into X-Forwarded-For itself are ignored.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|yes|no|\d)$/, 'TRUST_PROXY: true, false or the number of proxies (0-9)')
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? 0 : Number(v)))
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // json: one JSON line per entry (service managers, docker); pretty: readable lines. Default:
  // pretty when stdout is a terminal.
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'LOG_FORMAT: json or pretty' }).optional(),
  RATE_LIMIT: bool.default(true),
  /** How long a node may reuse a session lookup (ms); 0 reads the database on every call. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  // Board search (docs/decisions/0020-search-slices.md): statement timeout (PostgreSQL), the posts
  // one search call covers (a slice of the board, newest first) and the matches it counts at most.
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(3000),
  SEARCH_SLICE_POSTS: z.coerce.number().int().min(100).max(1_000_000).default(10_000),
  SEARCH_MATCH_CAP: z.coerce.number().int().min(20).max(100_000).default(1000),
  // Real-name verification (docs/identity.md). Default: sandbox, or none in production.
  IDENTITY_PROVIDER: z.enum(['sandbox', 'nice', 'none']).optional(),
  NICE_CLIENT_ID: z.string().min(1).optional(),
  NICE_CLIENT_SECRET: z.string().min(1).optional(),
  NICE_PRODUCT_ID: z.string().min(1).optional(),
  NICE_ACCESS_TOKEN: z.string().min(1).optional(),
  // Uploads (docs/operations.md): per-file size, image pixel count, where files are kept.
  UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(20),
  UPLOAD_MAX_MEGAPIXELS: z.coerce.number().positive().max(1000).default(60),
  STORAGE: z.enum(['local', 's3'], { message: 'STORAGE: local or s3 (docs/operations.md)' }).default('local'),
  // S3-compatible store (STORAGE=s3, decision 28): AWS, MinIO, Ceph, R2 …
  S3_ENDPOINT: z.string().url('S3_ENDPOINT: a URL such as https://s3.example.com').optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET: 3-63 of a-z 0-9 . -').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Object keys go under this prefix (one bucket for several sites). */
  S3_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'S3_PREFIX: folders ending in /, e.g. chalkak/').default(''),
  // Prometheus metrics (GET /metrics): from this machine only, or with this Bearer token.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
  // Free space kept on DATA_DIR's file system (docs/operations.md "A full disk"): below it writes and
  // uploads are refused, the embedded database is not checkpointed and the server does not start.
  DISK_RESERVE_MB: z.coerce.number().int().min(1).max(1_000_000).default(64),
  DISK_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How often the embedded database checkpoints after writes (server/db/checkpoints.ts). */
  PGLITE_CHECKPOINT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // Web push (docs/operations.md "Web push"): the VAPID key pair every node signs with; without
  // it one is generated once into DATA_DIR. The subject tells push services whom to contact.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY: 87 base64url characters (npx web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY: 43 base64url characters (npx web-push generate-vapid-keys)').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, 'VAPID_SUBJECT: mailto:admin@example.org or an https:// address').optional(),
  /** Tests only: push endpoints at http://127.0.0.1:* are allowed too. */
  PUSH_ALLOW_HTTP_LOOPBACK: bool.default(false),
  // Mail (docs/operations.md "Mail"): without both every mail feature is hidden.
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://…').optional(),
  MAIL_FROM: z.string().min(3, 'MAIL_FROM: an address such as 찰칵 <no-reply@example.org>').optional(),
  // Sign-in with Kakao and Naver (docs/operations.md "Kakao and Naver sign-in"): a provider without
  // its id and secret shows no button. The endpoints default to the real services; tests point them
  // at their own servers.
  KAKAO_CLIENT_ID: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  KAKAO_ISSUER: z.string().url('KAKAO_ISSUER: an address such as https://kauth.kakao.com').default('https://kauth.kakao.com'),
  NAVER_CLIENT_ID: z.string().min(1).optional(),
  NAVER_CLIENT_SECRET: z.string().min(1).optional(),
  NAVER_AUTHORIZE_URL: z.string().url().default('https://nid.naver.com/oauth2.0/authorize'),
  NAVER_TOKEN_URL: z.string().url().default('https://nid.naver.com/oauth2.0/token'),
  NAVER_PROFILE_URL: z.string().url().default('https://openapi.naver.com/v1/nid/me'),
});

export type Config = {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** PostgreSQL: waiting for a connection, and a statement's run, at most this long (ms). */
  databaseTimeouts: { connectMs: number; statementMs: number };
  redisUrl: string | undefined;
  adminUserId: string;
  adminPassword: string | undefined;
  /** 32-byte key for encrypting data at rest; when absent one is generated into DATA_DIR. */
  appSecret: string | undefined;
  /** The site's public origin (https://example.org) when it differs from the Host header. */
  publicOrigin: string | undefined;
  /** Reverse proxies in front (0 = none): Fastify trusts that many hops of X-Forwarded-*. */
  trustProxy: number;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  rateLimit: boolean;
  sessionCacheMs: number;
  /** Board search: statement timeout (ms, PostgreSQL), posts per slice, matches counted per slice. */
  search: { timeoutMs: number; slicePosts: number; matchCap: number };
  webDir: string;
  migrationsDir: string;
  identity: IdentityConfig;
  uploads: { maxBytes: number; maxPixels: number };
  /** The file store: local disk under DATA_DIR/files, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Bearer token that opens GET /metrics from other machines (loopback needs none). */
  metricsToken: string | undefined;
  /** Free space kept on DATA_DIR's file system (bytes), and how often it is looked at (ms). */
  disk: { reserveBytes: number; checkEveryMs: number };
  /** Embedded database: a checkpoint this often (ms) when something was written. */
  checkpointEveryMs: number;
  /** Web push: the VAPID keys when given by environment (else generated into DATA_DIR), the subject. */
  push: { vapid: { publicKey: string; privateKey: string } | undefined; subject: string | undefined; allowHttpLoopback: boolean };
  /** Outgoing mail; null when SMTP_URL or MAIL_FROM is missing (every mail feature hidden). */
  mail: { smtpUrl: string; from: string } | null;
  /** Kakao and Naver sign-in: the providers that have keys (none: no buttons). */
  oauth: OAuthConfig;
};

/** One provider's keys and endpoints; redirectUri is PUBLIC_ORIGIN + /auth/callback/{provider}. */
export type OAuthConfig = {
  kakao?: { clientId: string; clientSecret: string; issuer: string; redirectUri: string };
  naver?: { clientId: string; clientSecret: string; authorizeUrl: string; tokenUrl: string; profileUrl: string; redirectUri: string };
};

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      /** Still DATA_DIR/files: where `npm run storage:move` copies from. */
      dir: string;
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
      prefix: string;
    };

/** Which real-name verification provider runs, with NICE's keys when it is nice. */
export type IdentityConfig =
  | { provider: 'none' }
  | { provider: 'sandbox' }
  | {
      provider: 'nice';
      clientId: string;
      /** Only needed to issue the access token when NICE_ACCESS_TOKEN is not given. */
      clientSecret: string | undefined;
      productId: string;
      accessToken: string | undefined;
      /** Where NICE sends the member back: PUBLIC_ORIGIN + /api/identity/return/nice. */
      returnUrl: string;
    };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, { tty = process.stdout.isTTY === true } = {}): Config {
  // An empty variable counts as unset (DATABASE_URL= in a unit file, a blank .env line).
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError('Invalid configuration:\n' + lines.join('\n'));
  }
  const e = parsed.data;
  const publicOrigin = e.PUBLIC_ORIGIN?.replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS },
    redisUrl: e.REDIS_URL,
    adminUserId: e.ADMIN_USER_ID,
    adminPassword: e.ADMIN_PASSWORD,
    appSecret: e.APP_SECRET,
    publicOrigin,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (tty ? 'pretty' : 'json'),
    rateLimit: e.RATE_LIMIT,
    sessionCacheMs: e.SESSION_CACHE_MS,
    search: { timeoutMs: e.SEARCH_TIMEOUT_MS, slicePosts: e.SEARCH_SLICE_POSTS, matchCap: e.SEARCH_MATCH_CAP },
    webDir: resolve(ROOT, 'dist/web'),
    migrationsDir: resolve(ROOT, 'server/db/migrations'),
    identity: identityConfig(e, publicOrigin),
    uploads: { maxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024), maxPixels: Math.round(e.UPLOAD_MAX_MEGAPIXELS * 1_000_000) },
    storage: storageConfig(e),
    metricsToken: e.METRICS_TOKEN,
    disk: { reserveBytes: e.DISK_RESERVE_MB * 1024 * 1024, checkEveryMs: e.DISK_CHECK_MS },
    checkpointEveryMs: e.PGLITE_CHECKPOINT_MS,
    push: pushConfig(e),
    mail: mailConfig(e, publicOrigin),
    oauth: oauthConfig(e, publicOrigin),
  };
}

function oauthConfig(e: z.infer<typeof Env>, publicOrigin: string | undefined): OAuthConfig {
  const keys = { kakao: [e.KAKAO_CLIENT_ID, e.KAKAO_CLIENT_SECRET], naver: [e.NAVER_CLIENT_ID, e.NAVER_CLIENT_SECRET] } as const;
  const on = (p: keyof typeof keys) => {
    const [id, secret] = keys[p];
    if (!id && !secret) return false;
    const name = p.toUpperCase();
    // The provider sends the member back to the site's own address, never to a Host header.
    const missing = [[`${name}_CLIENT_ID`, id], [`${name}_CLIENT_SECRET`, secret], ['PUBLIC_ORIGIN', publicOrigin]].filter(([, v]) => !v);
    if (missing.length > 0) {
      throw new ConfigError('Invalid configuration:\n' + missing.map(([k]) => `  ${k}: required for ${p} sign-in`).join('\n'));
    }
    return true;
  };
  const redirectUri = (p: string) => `${publicOrigin}/auth/callback/${p}`;
  return {
    ...(on('kakao')
      ? { kakao: { clientId: e.KAKAO_CLIENT_ID!, clientSecret: e.KAKAO_CLIENT_SECRET!, issuer: e.KAKAO_ISSUER.replace(/\/$/, ''), redirectUri: redirectUri('kakao') } }
      : {}),
    ...(on('naver')
      ? {
          naver: {
            clientId: e.NAVER_CLIENT_ID!,
            clientSecret: e.NAVER_CLIENT_SECRET!,
            authorizeUrl: e.NAVER_AUTHORIZE_URL,
            tokenUrl: e.NAVER_TOKEN_URL,
            profileUrl: e.NAVER_PROFILE_URL,
            redirectUri: redirectUri('naver'),
          },
        }
      : {}),
  };
}

function mailConfig(e: z.infer<typeof Env>, publicOrigin: string | undefined): Config['mail'] {
  if (!e.SMTP_URL && !e.MAIL_FROM) return null;
  // Links in mails must lead to the site's own address, never to a Host header a client sent.
  const missing = [
    ['SMTP_URL', e.SMTP_URL],
    ['MAIL_FROM', e.MAIL_FROM],
    ['PUBLIC_ORIGIN', publicOrigin],
  ].filter(([, v]) => !v);
  if (missing.length > 0) {
    throw new ConfigError('Invalid configuration:\n' + missing.map(([k]) => `  ${k}: required for mail (SMTP_URL, MAIL_FROM)`).join('\n'));
  }
  return { smtpUrl: e.SMTP_URL!, from: e.MAIL_FROM! };
}

function storageConfig(e: z.infer<typeof Env>): StorageConfig {
  const dir = resolve(e.DATA_DIR, 'files');
  if (e.STORAGE === 'local') return { kind: 'local', dir };
  const missing = [
    ['S3_BUCKET', e.S3_BUCKET],
    // Both keys or neither (then the SDK's own chain: instance role, AWS_* files).
    ...(e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY
      ? [
          ['S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID],
          ['S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY],
        ]
      : []),
  ].filter(([, v]) => !v);
  if (missing.length > 0) {
    throw new ConfigError('Invalid configuration:\n' + missing.map(([k]) => `  ${k}: required when STORAGE=s3`).join('\n'));
  }
  return {
    kind: 's3',
    dir,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: e.S3_PREFIX,
  };
}

function pushConfig(e: z.infer<typeof Env>): Config['push'] {
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: both or neither');
  }
  return {
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    subject: e.VAPID_SUBJECT,
    allowHttpLoopback: e.PUSH_ALLOW_HTTP_LOOPBACK,
  };
}

function identityConfig(e: z.infer<typeof Env>, publicOrigin: string | undefined): IdentityConfig {
  const provider = e.IDENTITY_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (provider !== 'nice') return { provider };
  const missing = [
    ['NICE_CLIENT_ID', e.NICE_CLIENT_ID],
    ['NICE_PRODUCT_ID', e.NICE_PRODUCT_ID],
    ['PUBLIC_ORIGIN', publicOrigin],
  ].filter(([, v]) => !v);
  if (!e.NICE_ACCESS_TOKEN && !e.NICE_CLIENT_SECRET) missing.push(['NICE_ACCESS_TOKEN (or NICE_CLIENT_SECRET)', undefined]);
  if (missing.length > 0) {
    throw new ConfigError(
      'Invalid configuration:\n' + missing.map(([k]) => `  ${k}: required when IDENTITY_PROVIDER=nice`).join('\n'),
    );
  }
  return {
    provider,
    clientId: e.NICE_CLIENT_ID!,
    clientSecret: e.NICE_CLIENT_SECRET,
    productId: e.NICE_PRODUCT_ID!,
    accessToken: e.NICE_ACCESS_TOKEN,
    returnUrl: `${publicOrigin}/api/identity/return/nice`,
  };
}

export class ConfigError extends Error {}
