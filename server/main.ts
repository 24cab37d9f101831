// Start the site: configuration, database, migrations, first-start defaults, listen, graceful stop.
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp, poolOptions } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { firstStart } from './db/first-start.js';
import { everyHour } from './lib/hourly-job.js';
import { logDestination } from './lib/logging.js';
import { listenWhileStarting } from './lib/readiness.js';
import { assertRoomToStart, watchDisk } from './lib/disk-space.js';
import { createSealer, loadKey } from './lib/secret.js';
import { purgeExpiredSessions } from './lib/session.js';
import { createStorage } from './lib/storage.js';
import { outliveTerminal } from './lib/terminal.js';
import { cleanupUnattached } from './modules/files/service.js';
import { join } from 'node:path';

async function main() {
  outliveTerminal();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logStream = logDestination(config);
  const log = pino({ level: config.logLevel }, logStream);
  // Nodes sharing a database must share the key: without APP_SECRET each seals with its own
  // DATA_DIR/secret.key and cannot read what another sealed (docs/operations.md).
  if (config.databaseUrl && config.env === 'production' && !config.appSecret) {
    log.warn('APP_SECRET is not set: this node seals with its own DATA_DIR/secret.key; every node on this database needs the same APP_SECRET');
  }

  // The embedded database or uploads write under DATA_DIR: on a full disk PGlite would abort, so
  // the start refuses first, saying how much to free; while running, writes wait for space.
  const writesDataDir = !config.databaseUrl || config.storage.kind === 'local';
  if (writesDataDir) await assertRoomToStart(config.dataDir, config.disk.reserveBytes);
  const disk = writesDataDir ? await watchDisk(config.dataDir, { ...config.disk, log }) : undefined;
  // A new embedded folder is created in a child process, so its creation's memory goes with it.
  const database = await openWithRetry(log, () =>
    config.databaseUrl
      ? openDatabase({
          ...poolOptions(config, config.databaseUrl),
          onConnectionLost: (err) => log.warn({ err }, 'database connection lost; the pool opens a new one'),
        })
      : openDatabase({ dataDir: join(config.dataDir, 'pglite'), checkpointEveryMs: config.checkpointEveryMs, disk, onFailed: stopAfter }),
  );
  // While migrations and the first-start work run, a bare server answers on the port: liveness
  // 200, everything else 503, so a load balancer sees a starting node rather than a refused port.
  const starting = await listenWhileStarting(config.port, config.host);
  await retry(log, 'migrations', () => database.migrate(config.migrationsDir));
  const { key, generated } = loadKey(config.appSecret, config.dataDir);
  if (generated) log.info(`encryption key generated in ${config.dataDir}/secret.key (set APP_SECRET when running several nodes)`);
  await firstStart(database.db, config, createSealer(key), log);

  const app = await buildApp(config, { database, disk, logger: { level: config.logLevel, stream: logStream } });
  // Housekeeping, now and then hourly: uploads never attached to a post go after a day, and
  // sessions past their expiry go (they no longer sign anyone in, but their rows would pile up).
  const storage = createStorage(config);
  app.addHook('onClose', everyHour('file clean-up', () => cleanupUnattached(database.db, storage), app.log));
  app.addHook('onClose', everyHour('session clean-up', () => purgeExpiredSessions(database.db), app.log));

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'stopping after an error');
    else app.log.info(`${signal}: stopping (finishing requests in progress)`);
    await starting.close();
    // The app's own close hooks (views held in memory, the read gate, jobs) still need the
    // database: it closes after them. onClose hooks run last-registered first, so a hook here
    // would close it before them.
    try {
      await app.close();
    } finally {
      await database.close();
    }
  });

  await app.ready();
  await starting.close();
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`찰칵 is running: http://localhost:${config.port} (${database.kind})`);
}

/**
 * The embedded database reported a PANIC and takes no more calls: the server stops as after any
 * uncaught error (exit 1), so the service manager starts it again once there is space.
 */
function stopAfter(err: Error) {
  setImmediate(() => {
    throw new Error(`the embedded database stopped: ${err.message}`, { cause: err });
  });
}

async function openWithRetry(log: pino.Logger, open: () => Promise<Database>) {
  return retry(log, 'database connection', open);
}

/** Start-up waits for a database that is still coming up instead of failing at once. */
async function retry<T>(log: pino.Logger, what: string, fn: () => Promise<T>, attempts = 30): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      const transient = code === 'ECONNREFUSED' || code === '57P03' || code === 'ETIMEDOUT' || code === 'ENOTFOUND';
      if (!transient || i >= attempts) throw e;
      log.warn(`${what} failed (${code}); retrying in 2 s (${i}/${attempts})`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
