// npm run restore -- <archive.tar.gz>: rebuilds a site from a backup into an empty database (the
// DATABASE_URL one, or DATA_DIR/pglite) and an empty DATA_DIR/files; refuses anything else.
import { join, resolve } from 'node:path';
import { openDatabase } from '../server/db/client.js';
import { RestoreRefused, restoreBackup } from './backup-archive.js';
import { configOrExit } from './command-line.js';

const config = configOrExit();
if (!process.argv[2]) {
  console.error('Usage: npm run restore -- backups/chalkak-YYYYMMDD-HHMMSS.tar.gz');
  process.exit(1);
}
const archive = resolve(process.argv[2]);
const database = config.databaseUrl
  ? await openDatabase({ url: config.databaseUrl, poolSize: 2 })
  : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
try {
  const m = await restoreBackup({
    archive,
    db: database.db,
    migrationsDir: config.migrationsDir,
    migrate: () => database.migrate(config.migrationsDir),
    storage: config.storage,
    log: (l) => console.log(l),
  });
  console.log(`Restored the backup of ${m.createdAt}. Start the site with the APP_SECRET (or secret.key) it had.`);
} catch (e) {
  if (e instanceof RestoreRefused) {
    console.error(`복원하지 않았습니다 / not restored: ${e.message}`);
    process.exitCode = 1;
  } else throw e;
} finally {
  await database.close();
}
