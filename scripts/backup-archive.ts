// The backup archive (docs/operations.md "Backups"): one .tar.gz holding
//   manifest.json            format, time, engine, migrations, every table's row count and SHA-256,
//                            every file's size and SHA-256 (or the bucket's objects on S3)
//   db/<table>.jsonl         every row as JSON (row_to_json), one a line: the same on both engines
//   files/<key>              the uploads (STORAGE=local)
// Rows travel as JSON as in db-move.ts, so a backup of an embedded site restores into
// PostgreSQL and back. The dump runs in one read-only REPEATABLE READ transaction: one snapshot.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { getTableConfig } from 'drizzle-orm/pg-core';
import * as tar from 'tar';
import type { StorageConfig } from '../server/config.js';
import type { Db } from '../server/db/client.js';
import { assertStorageKey } from '../server/lib/storage-key.js';
import { createS3Storage } from '../server/lib/storage-s3.js';
import { tablesInOrder } from './db-move.js';

export const FORMAT = 'chalkak-backup/1';
const BATCH = 1000;

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** Migrations applied to the backed-up database: a restore needs exactly these. */
  migrations: number;
  tables: Record<string, { rows: number; sha256: string }>;
  storage:
    | { kind: 'local'; count: number; bytes: number; files: Array<{ key: string; size: number; sha256: string }> }
    | { kind: 's3'; bucket: string; prefix: string; count: number; bytes: number; objects: Array<{ key: string; size: number; etag: string }> };
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function migrationCount(db: Db): Promise<number> {
  const [r] = rowsOf(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return Number(r?.n ?? 0);
}

/** Writes the archive to `out`; returns its manifest. */
export async function createBackup(opts: {
  db: Db;
  engine: 'pglite' | 'postgres';
  storage: StorageConfig;
  out: string;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const stage = await mkdtemp(join(tmpdir(), 'chalkak-backup-'));
  try {
    await mkdir(join(stage, 'db'));
    const tables: Manifest['tables'] = {};
    let migrations = 0;
    // One snapshot for every table: rows that refer to each other are all there.
    await opts.db.transaction(
      async (tx) => {
        migrations = await migrationCount(tx as unknown as Db);
        for (const table of tablesInOrder()) {
          const { name } = getTableConfig(table);
          const file = join(stage, 'db', `${name}.jsonl`);
          const outStream = createWriteStream(file);
          const hash = createHash('sha256');
          let rows = 0;
          await tx.execute(sql`declare backup_rows no scroll cursor for select row_to_json(x)::text as row from ${sql.identifier(name)} x`);
          for (;;) {
            const batch = rowsOf(await tx.execute(sql`fetch forward ${sql.raw(String(BATCH))} from backup_rows`));
            if (batch.length === 0) break;
            const text = batch.map((r) => String(r.row) + '\n').join('');
            hash.update(text);
            if (!outStream.write(text)) await once(outStream, 'drain');
            rows += batch.length;
          }
          await tx.execute(sql`close backup_rows`);
          outStream.end();
          await once(outStream, 'finish');
          tables[name] = { rows, sha256: hash.digest('hex') };
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    log(`database: ${Object.keys(tables).length} tables, ${Object.values(tables).reduce((a, t) => a + t.rows, 0).toLocaleString('en')} rows`);

    let storage: Manifest['storage'];
    if (opts.storage.kind === 'local') {
      const files: Array<{ key: string; size: number; sha256: string }> = [];
      for (const key of await localKeys(opts.storage.dir)) {
        const to = join(stage, 'files', key);
        await mkdir(dirname(to), { recursive: true });
        try {
          await copyFile(join(opts.storage.dir, key), to);
        } catch (e) {
          // Deleted since the listing (a clean-up): its row is gone too, or answers 404 anyway.
          if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw e;
        }
        files.push({ key, size: (await stat(to)).size, sha256: await fileSha256(to) });
      }
      storage = { kind: 'local', count: files.length, bytes: files.reduce((a, f) => a + f.size, 0), files };
    } else {
      // The bucket keeps the bytes (its own versioning or replication backs them up): the archive
      // says what was there, so a restore can check the bucket still has every object.
      const bucket = createS3Storage(opts.storage);
      const objects: Array<{ key: string; size: number; etag: string }> = [];
      try {
        for await (const o of bucket.list()) objects.push(o);
      } finally {
        bucket.close();
      }
      storage = {
        kind: 's3',
        bucket: opts.storage.bucket,
        prefix: opts.storage.prefix,
        count: objects.length,
        bytes: objects.reduce((a, o) => a + o.size, 0),
        objects,
      };
    }
    log(`files: ${storage.count.toLocaleString('en')} (${(storage.bytes / 1024 / 1024).toFixed(1)} MB)${storage.kind === 's3' ? ', bucket manifest only' : ''}`);

    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), engine: opts.engine, migrations, tables, storage };
    await writeFile(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 1));
    const entries = ['manifest.json', 'db', ...(storage.kind === 'local' && storage.count > 0 ? ['files'] : [])];
    await mkdir(dirname(opts.out), { recursive: true });
    const partial = `${opts.out}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: stage, portable: true }, entries);
    // Only a complete archive gets the final name.
    await import('node:fs/promises').then((fs) => fs.rename(partial, opts.out));
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

/**
 * Rebuilds a site from an archive into a migrated database without members and (STORAGE=local)
 * an empty files folder. Every table and file is checked against the manifest first.
 */
export async function restoreBackup(opts: {
  archive: string;
  db: Db;
  /** The migrations folder of this version; `migrate` applies it to the target. */
  migrationsDir: string;
  migrate: () => Promise<void>;
  storage: StorageConfig;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const stage = await mkdtemp(join(tmpdir(), 'chalkak-restore-'));
  try {
    await tar.x({ file: opts.archive, cwd: stage, strict: true });
    const manifest = JSON.parse(await readFile(join(stage, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT) throw new RestoreRefused(`not a Chalkak backup (${String(manifest.format)})`);
    for (const [name, t] of Object.entries(manifest.tables)) {
      if (sha256(await readFile(join(stage, 'db', `${name}.jsonl`))) !== t.sha256) throw new RestoreRefused(`${name}: checksum differs (damaged archive)`);
    }
    if (manifest.storage.kind === 'local') {
      for (const f of manifest.storage.files) {
        assertStorageKey(f.key);
        if ((await fileSha256(join(stage, 'files', f.key))) !== f.sha256) throw new RestoreRefused(`${f.key}: checksum differs (damaged archive)`);
      }
    }

    // Rows travel as they were: an older backup's rows lack the columns later migrations added
    // (NOT NULL with a default comes back NULL), a newer one's the code does not know. Checked
    // before migrating, so the target stays empty for the right version's restore.
    const here = readMigrationFiles({ migrationsFolder: opts.migrationsDir }).length;
    if (manifest.migrations !== here) {
      throw new RestoreRefused(
        `the backup was made by a version of the site with ${manifest.migrations} migrations, this one has ${here}: ` +
          (manifest.migrations < here
            ? 'restore it with the version that made it, then upgrade (start this version on the restored site: it applies the rest)'
            : 'restore it with the version that made it (update the code first)'),
      );
    }
    await opts.migrate();
    const [members] = rowsOf(await opts.db.execute(sql`select count(*)::int as n from users`));
    if (Number(members?.n) > 0) throw new RestoreRefused('the database already has members: restore into an empty database');
    if ((await migrationCount(opts.db)) !== here) throw new RestoreRefused('the database was migrated by another version of the site: restore into a new empty database');
    if (opts.storage.kind === 'local' && (await localKeys(opts.storage.dir)).length > 0) {
      throw new RestoreRefused(`${opts.storage.dir} is not empty: restore into an empty folder`);
    }

    const order = tablesInOrder().map((t) => getTableConfig(t));
    await opts.db.transaction(async (tx) => {
      // Rows the migrations added (default boards, page chunks) make way for the backup's.
      await tx.execute(sql.raw(`truncate table ${order.map((t) => `"${t.name}"`).join(', ')} cascade`));
      for (const { name, columns } of order) {
        const t = manifest.tables[name];
        if (!t) continue;
        const lines = (await readFile(join(stage, 'db', `${name}.jsonl`), 'utf8')).split('\n').filter(Boolean);
        for (let i = 0; i < lines.length; i += BATCH) {
          const json = `[${lines.slice(i, i + BATCH).join(',')}]`;
          await tx.execute(sql`insert into ${sql.identifier(name)} select * from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`);
        }
        for (const c of columns) {
          if (c.columnType !== 'PgSerial' && c.columnType !== 'PgBigSerial53' && c.columnType !== 'PgBigSerial64') continue;
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${name}, ${c.name}), greatest((select max(${sql.identifier(c.name)}) from ${sql.identifier(name)}), 1))`,
          );
        }
      }
    });
    log(`database: ${Object.values(manifest.tables).reduce((a, t) => a + t.rows, 0).toLocaleString('en')} rows restored`);

    if (manifest.storage.kind === 'local') {
      if (opts.storage.kind === 'local') {
        for (const f of manifest.storage.files) {
          const to = join(opts.storage.dir, f.key);
          await mkdir(dirname(to), { recursive: true });
          await copyFile(join(stage, 'files', f.key), to);
        }
      } else {
        const bucket = createS3Storage(opts.storage);
        try {
          for (const f of manifest.storage.files) await bucket.put(f.key, await readFile(join(stage, 'files', f.key)), 'application/octet-stream');
        } finally {
          bucket.close();
        }
      }
      log(`files: ${manifest.storage.count.toLocaleString('en')} restored`);
    } else {
      // The bytes are in the bucket: check it still has every object the site had.
      if (opts.storage.kind !== 's3') throw new RestoreRefused('this backup names an S3 bucket: set STORAGE=s3 and its S3_* settings');
      const bucket = createS3Storage(opts.storage);
      const missing: string[] = [];
      try {
        for (const o of manifest.storage.objects) {
          const there = await bucket.head(o.key);
          if (!there || there.size !== o.size) missing.push(o.key);
        }
      } finally {
        bucket.close();
      }
      log(`bucket: ${manifest.storage.count - missing.length} of ${manifest.storage.count} objects there${missing.length ? `; missing: ${missing.slice(0, 20).join(', ')}` : ''}`);
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function localKeys(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
      .map((e) => join(e.parentPath, e.name).slice(root.length + 1).split('\\').join('/'))
      .sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
