// `npm run import -- gnuboard5|rhymix --source mysql://user:pass@host:3306/db [--prefix g5_|xe_]
// [--files /path/to/gnuboard/data | /path/to/rhymix/files] [--dry-run] [--merge] [--report file]`:
// moves a club in from its old board engine into the site's database (DATA_DIR or DATABASE_URL,
// as the server opens it). See docs/operations.md#moving-a-club-from-gnuboard5-or-rhymix.
import { appendFileSync, mkdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.js';
import { openDatabase } from '../server/db/client.js';
import { firstStart } from '../server/db/first-start.js';
import { createSealer, loadKey } from '../server/lib/secret.js';
import { createStorage } from '../server/lib/storage.js';
import { ImportRefused, ImportStopped } from '../server/import/context.js';
import { terminalProgress } from '../server/import/progress.js';
import { defaultPrefix, type Engine, ENGINES, runImport } from '../server/import/run.js';

const USAGE = [
  '사용법: npm run import -- gnuboard5 --source mysql://아이디:암호@호스트:3306/DB이름 [--prefix g5_] [--files /경로/data] [--dry-run] [--merge] [--report 파일]',
  '        npm run import -- rhymix --source mysql://아이디:암호@호스트:3306/DB이름 [--prefix xe_] [--files /경로/files] [--dry-run] [--merge] [--report 파일]',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      source: { type: 'string' },
      prefix: { type: 'string' },
      files: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      merge: { type: 'boolean', default: false },
      report: { type: 'string' },
      'batch-size': { type: 'string' },
    },
  });
  const engine = positionals[0] as Engine | undefined;
  if (!engine || !ENGINES.includes(engine) || !values.source) {
    console.error(USAGE);
    return 2;
  }
  if (values.files && !statSync(values.files, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`파일 폴더가 없습니다: ${values.files}`);
    return 2;
  }
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  // Beside the site's data unless named: the operator finds every run's report in one place.
  const reportPath = resolve(values.report ?? join(config.dataDir, 'import-reports', `${engine}-${stamp}${values['dry-run'] ? '-dry-run' : ''}.txt`));
  mkdirSync(dirname(reportPath), { recursive: true });
  const database = config.databaseUrl ? await openDatabase({ url: config.databaseUrl, poolSize: 2 }) : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.migrate(config.migrationsDir);
    await firstStart(database.db, config, createSealer(loadKey(config.appSecret, config.dataDir).key), { info: console.log, warn: console.warn });
    const dryRun = values['dry-run'];
    // Ctrl-C: the batch being written commits, then the run stops; a second Ctrl-C stops at once.
    const stop = { requested: false };
    let firstAt = 0;
    process.on('SIGINT', () => {
      // npm and tsx pass the terminal's Ctrl-C on as well: a repeat within a second is that one.
      if (stop.requested && Date.now() - firstAt > 1000) process.exit(130);
      if (stop.requested) return;
      stop.requested = true;
      firstAt = Date.now();
      console.log('\n멈추는 중입니다: 지금 쓰는 묶음을 마치고 멈춥니다. 다시 실행하면 이어서 가져옵니다.');
    });
    console.log(`${engine}에서 가져옵니다${dryRun ? ' (시험 실행: 아무것도 쓰지 않습니다)' : ''} → ${database.kind}`);
    const report = await runImport(database.db, createStorage(config), {
      engine,
      sourceUrl: values.source,
      prefix: values.prefix ?? defaultPrefix(engine),
      filesDir: values.files ? resolve(values.files) : null,
      dryRun,
      merge: values.merge,
      batchSize: Number(values['batch-size'] ?? 500) || 500,
      maxPixels: config.uploads.maxPixels,
      stop,
      reportPath,
      progress: terminalProgress(),
    });
    const text = report.text(`${engine} 가져오기 보고서 (${new Date().toLocaleString('ko-KR')})${dryRun ? ' — 시험 실행' : ''}`);
    console.log(`\n${text}`);
    appendFileSync(reportPath, `\n${text}`);
    console.log(`보고서: ${reportPath}`);
    return 0;
  } catch (e) {
    if (e instanceof ImportRefused) {
      console.error(e.message);
      return 1;
    }
    if (e instanceof ImportStopped) {
      console.log(`멈췄습니다. 지금까지 가져온 것은 저장되었습니다. 보고서: ${reportPath}`);
      return 130;
    }
    throw e;
  } finally {
    await database.close();
  }
}

const invoked = process.argv[1] ? pathToFileURL(realpathSync(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
