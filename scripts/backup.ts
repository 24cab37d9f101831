// npm run backup [-- <archive.tar.gz>]: the whole site in one archive (scripts/backup-archive.ts).
// On the embedded database the site must be stopped first: the data-folder lock refuses a second
// opener (docs/operations.md "Backups"); on PostgreSQL it runs beside the site.
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/db/client.js';
import { DataDirLockedError } from '../server/db/data-lock.js';
import { isCreated } from '../server/db/pglite-options.js';
import { createBackup } from './backup-archive.js';
import { configOrExit } from './command-line.js';

const config = configOrExit();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
const out = resolve(process.argv[2] ?? join('backups', `chalkak-${stamp}.tar.gz`));
const pgliteDir = join(config.dataDir, 'pglite');
// Opening a folder that holds no database would create an empty one and back that up: what a cron
// line without the site's settings (DATABASE_URL, DATA_DIR) would otherwise do every night.
if (!config.databaseUrl && !isCreated(pgliteDir)) {
  console.error(`${pgliteDir}에 내장 데이터베이스가 없습니다. 사이트와 같은 설정(DATABASE_URL 또는 DATA_DIR, STORAGE, S3_*)으로 실행하세요. 빈 데이터베이스는 백업하지 않습니다.`);
  console.error(`No embedded database in ${pgliteDir}: run the backup with the site's settings (DATABASE_URL or DATA_DIR, STORAGE, S3_*), e.g. load the environment file its service uses. An empty database is not backed up.`);
  process.exit(1);
}
let database;
try {
  database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 2 })
    : await openDatabase({ dataDir: pgliteDir });
} catch (e) {
  if (e instanceof DataDirLockedError) {
    console.error(e.message);
    console.error('백업하려면 사이트를 멈추고 `npm run backup`을 실행한 뒤 다시 시작하세요. / Stop the site, run the backup, start it again.');
    process.exit(1);
  }
  throw e;
}
try {
  const started = Date.now();
  const m = await createBackup({ db: database.db, engine: database.kind, storage: config.storage, out, log: (l) => console.log(l) });
  console.log(`${out} (${m.engine}, ${Object.keys(m.tables).length} tables, ${m.storage.count.toLocaleString('en')} files) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (!config.appSecret) console.log(`Keep ${join(config.dataDir, 'secret.key')} (or APP_SECRET) safe too: it is not in the archive.`);
} finally {
  await database.close();
}
