// Migrates one template database per run (with the first-start defaults); each test file
// then gets its own copy: a PGlite data dump, or a PostgreSQL database made from the template.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { firstStart } from '../db/first-start.js';
import { createSealer } from '../lib/secret.js';
import { testConfig } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres';
    pgliteTemplate: string;
    pgTemplate: string;
    /** This run's temporary folder: test data folders and the PGlite template, removed at the end. */
    tempRoot: string;
  }
}

const silent = { info() {}, warn() {} };

export default async function setup(project: TestProject) {
  const tempRoot = mkdtempSync(join(tmpdir(), 'chalkak-test-'));
  project.provide('tempRoot', tempRoot);
  const removeTemp = () => rmSync(tempRoot, { recursive: true, force: true });
  const config = testConfig({ DATA_DIR: join(tempRoot, 'setup') });
  const sealer = createSealer(Buffer.from(config.appSecret!, 'hex'));
  // The project's own env (vitest.config.ts) is not applied to this process: read it from the project.
  const engine = (project.config.env?.TEST_ENGINE ?? process.env.TEST_ENGINE) === 'postgres' ? 'postgres' : 'pglite';
  project.provide('engine', engine);

  if (engine === 'pglite') {
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    await database.migrate(config.migrationsDir);
    await firstStart(database.db, config, sealer, silent);
    // Uncompressed: every test file loads it, and a gzip dump costs each of them a gunzip (and
    // PGlite first tries it as a plain tar). 45 MB on disk instead of 5, read once per file.
    const dump = await client.dumpDataDir('none');
    const file = join(tempRoot, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    project.provide('pgliteTemplate', file);
    project.provide('pgTemplate', '');
    return removeTemp;
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = `chalkak_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = await openDatabase({ url: withDatabase(url, template), poolSize: 2 });
  await database.migrate(config.migrationsDir);
  await firstStart(database.db, config, sealer, silent);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('pgTemplate', template);
  return async () => {
    removeTemp();
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}
