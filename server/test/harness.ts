// Test helpers: a real app on its own database copy, and small factories.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { type Database, openDatabase } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { App } from '../lib/context.js';
import { createSealer } from '../lib/secret.js';
import { createMember, type NewMember } from '../modules/users/service.js';
import { testConfig } from './config.js';
import { withDatabase } from './global-setup.js';
import { completeSecondStep } from './two-step.js';

export { TEST_ADMIN } from './config.js';

/** A fresh copy of the migrated template database for one test file (or one test). */
export async function copyDatabase(): Promise<Database> {
  if (inject('engine') === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const client = await PGlite.create({ loadDataDir: blob });
    return openDatabase({ pglite: client });
  }
  const copy = await copyPostgresDatabase();
  const database = await openDatabase({ url: copy.url, poolSize: 4 });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}

/** PostgreSQL only: a new database made from the template, its URL and a way to drop it. */
export async function copyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `chalkak_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Serve the web app from this folder instead of dist/web. */
  webDir?: string;
  /** Runs on the built app before ready(), e.g. to register a test-only route. */
  beforeReady?: (app: App) => void | Promise<void>;
}

/**
 * Several app nodes of one site on one PostgreSQL database copy (multi-node tests). node() starts
 * one more and waits until it listens for other nodes' signals (the answer cache turns on then);
 * close() stops every node, closes their pools and drops the copy.
 */
export async function nodesOnCopy(env: Record<string, string> = {}) {
  const copy = await copyPostgresDatabase();
  const nodes: TestApp[] = [];
  return {
    url: copy.url,
    async node(): Promise<TestApp> {
      const database = await openDatabase({ url: copy.url, poolSize: 4 });
      const app = await buildApp(testConfig(env), { database, logger: false });
      const n = { app, database, close: () => app.close() };
      nodes.push(n);
      await app.ready();
      for (const started = Date.now(); !app.ctx.answers.enabled; await new Promise((r) => setTimeout(r, 20))) {
        if (Date.now() - started > 5000) throw new Error('the node does not listen for signals');
      }
      return n;
    },
    async close() {
      for (const n of nodes) await n.app.close().catch(() => undefined);
      for (const n of nodes) await n.database.close();
      await copy.drop();
    },
  };
}

/** The real app on its own database copy. env becomes environment values (RATE_LIMIT …). */
export async function testApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await copyDatabase();
  const config = testConfig(env);
  if (opts.webDir) config.webDir = opts.webDir;
  const app = await buildApp(config, { database, logger: false });
  await opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
const MEMBER_AGE_MS = 30 * 86_400_000;
/** A member with sensible defaults, joined a month ago; every value can be overridden. */
export async function createUser(t: TestApp, over: Partial<NewMember> = {}) {
  const n = `${process.pid % 1000}${++counter}${randomBytes(2).toString('hex')}`;
  const input: NewMember = {
    userId: `user_${n}`,
    password: 'password-123',
    nickName: `회원${n}`,
    email: `user_${n}@example.com`,
    question: '첫 카메라는?',
    answer: 'FM2',
    ...over,
  };
  const no = await createMember(t.database.db, createSealer(Buffer.from('a'.repeat(64), 'hex')), input);
  // Past the new-member days (docs/product/spam.md): tests of other areas write freely; the spam
  // tests make new members of their own (test/spam.ts).
  await t.database.db.update(users).set({ joinDate: new Date(Date.now() - MEMBER_AGE_MS) }).where(eq(users.no, no));
  return { ...input, no };
}

/**
 * Logs in through the real call and returns the Cookie header to send afterwards. An
 * administrator (and a member with the test secret) also passes the second step (test/two-step.ts).
 */
export async function login(t: TestApp, userId: string, password: string, remember = false): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/do',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ userId, password, ...(remember ? { remember: 'Y' } : {}) }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = `chalkak_sid=${res.cookies.find((c) => c.name === 'chalkak_sid')!.value}`;
  await completeSecondStep(t, userId, cookie, (res.json() as { secondStep?: string }).secondStep === 'totp');
  return cookie;
}

/** POST a JSON call, optionally as a signed-in member. */
export function post(t: TestApp, url: string, body: unknown = {}, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as object,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}
