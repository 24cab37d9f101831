// What `npm run build` puts in dist/ is the site and nothing else: no tests, fixtures or test
// helpers, nothing that imports vitest, and no server module the server never loads (code only
// tests or scripts use lives beside them, in server/test/, common/test/ or scripts/), and every page
// keeps to its first-load JavaScript budget. It reads the build npm test makes before the tests
// run; it builds nothing itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { budgetsOf, firstLoadByRoute, MANIFEST } from './route-chunks.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const MAIN = 'server/main.js';

/** Every file of the build, relative to dist/ with forward slashes; fails when there is no build. */
function builtFiles(): string[] {
  for (const output of [MAIN, 'web/index.html']) {
    if (!existsSync(join(DIST, output))) {
      throw new Error(`dist/${output} is missing: run \`npm run build\` before this test (npm test builds first).`);
    }
  }
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(DIST, path).split(sep).join('/'));
    }
  };
  walk(DIST);
  return found;
}

const read = (file: string) => readFileSync(join(DIST, file), 'utf8');
const isScript = (file: string) => /\.[cm]?js$/.test(file);

/** Names tests, fixtures and test helpers go by (a test folder, *.test.*, *-cases, a corpus…). */
const TEST_NAME = /(^|\/)(test|tests|__tests__|fixtures?)\/|\.(test|spec|e2e)\.|test-helpers?\.|[-.](cases|corpus|fixtures?)\.|(^|\/)seed-demo/;

/** Relative imports (static and dynamic) of a built module, as written. */
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

it('holds no tests, fixtures or test helpers', () => {
  expect(builtFiles().filter((f) => TEST_NAME.test(f))).toEqual([]);
});

it('has no module that imports vitest, and no web bundle that carries it', () => {
  const importsVitest = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"](?:vitest|@vitest\/)/;
  // The web bundles are minified (no comments left): any mention of vitest is its code.
  const carriesVitest = (f: string) => (f.startsWith('web/') ? /vitest/ : importsVitest).test(read(f));
  expect(builtFiles().filter((f) => isScript(f) && carriesVitest(f))).toEqual([]);
});

it('has no server module the server never loads (only tests or scripts would)', () => {
  const modules = builtFiles().filter((f) => f.startsWith('server/') && isScript(f));
  const reached = new Set<string>();
  const queue = [MAIN];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (reached.has(file) || !existsSync(join(DIST, file))) continue;
    reached.add(file);
    for (const [, spec] of read(file).matchAll(RELATIVE_IMPORT)) queue.push(join(dirname(file), spec!).split(sep).join('/'));
  }
  // A module of types alone compiles to an empty one, which nothing needs to load.
  const typesOnly = (file: string) => read(file).replace(/\/\/# sourceMappingURL=.*$/m, '').trim() === 'export {};';
  expect(modules.filter((f) => !reached.has(f) && !typesOnly(f))).toEqual([]);
});

it('keeps every page within its first-load JavaScript budget (docs/performance.md)', () => {
  expect(builtFiles()).toContain(`web/${MANIFEST}`);
  const budgets = budgetsOf(readFileSync(join(ROOT, 'docs/performance.md'), 'utf8'));
  const others = budgets.get('*');
  expect(others, 'docs/performance.md names a budget for every other page (`*`)').toBeDefined();
  const routes = firstLoadByRoute(join(DIST, 'web'), readFileSync(join(ROOT, 'web/routes.tsx'), 'utf8'));
  // Every budgeted route exists, and the route list was read (a changed routes.tsx format would give none).
  expect(routes.length).toBeGreaterThan(40);
  expect([...budgets.keys()].filter((path) => path !== '*' && !routes.some((r) => r.path === path))).toEqual([]);
  const over = routes.filter((r) => r.totalKB > (budgets.get(r.path) ?? others!)).map((r) => `${r.path}: ${r.totalKB} KB > ${budgets.get(r.path) ?? others} KB`);
  expect(over).toEqual([]);
});
