// What the operator's commands (backup, restore, storage:move, admin:*) share: the site's
// configuration read as the site reads it, and the site's own database opened for one command.
import { join } from 'node:path';
import { type Config, ConfigError, loadConfig } from '../server/config.js';
import { type Db, openDatabase } from '../server/db/client.js';

/** The site's configuration; a configuration error is printed as it is and ends the command. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}

/**
 * Runs a command on the site's database (DATABASE_URL, else the embedded one in DATA_DIR, which
 * the site must not hold open) and sets the exit code it answers.
 */
export async function runOnSiteDatabase(command: (db: Db, config: Config) => Promise<number>): Promise<void> {
  const config = configOrExit();
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    process.exitCode = await command(database.db, config);
  } finally {
    await database.close();
  }
}
