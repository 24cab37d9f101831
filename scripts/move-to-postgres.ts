// npm run db:move: copies the embedded database under DATA_DIR into the PostgreSQL server named by
// TARGET_DATABASE_URL (migrated here first; it must hold no members). Stop the site before.
import { join } from 'node:path';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { moveData } from './db-move.js';

const config = loadConfig();
const url = process.env.TARGET_DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Set TARGET_DATABASE_URL=postgres://user:pass@host:5432/db (an empty database).');
  process.exit(1);
}
const source = await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
const target = await openDatabase({ url, poolSize: 2 });
try {
  await source.migrate(config.migrationsDir);
  await target.migrate(config.migrationsDir);
  await moveData(source.db, target.db, (line) => console.log(line));
  console.log(`Done. Start the site with DATABASE_URL=${url.replace(/:[^:@/]*@/, ':***@')} and APP_SECRET set to the content of ${join(config.dataDir, 'secret.key')}.`);
} finally {
  await source.close();
  await target.close();
}
