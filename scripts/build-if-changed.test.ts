// npm start builds when the sources differ from the last build and skips it otherwise.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type BuildInputs, buildReason, fingerprint, INPUTS, writeStamp } from './build-if-changed.js';

let inputs: BuildInputs;
const put = (path: string, text: string) => {
  mkdirSync(dirname(join(inputs.root, path)), { recursive: true });
  writeFileSync(join(inputs.root, path), text);
};
/** What a successful build leaves behind. */
const built = () => {
  put('dist/server/main.js', 'main');
  put('dist/web/index.html', '<html>');
  writeStamp(inputs, fingerprint(inputs));
};

beforeEach(() => {
  inputs = { root: mkdtempSync(join(tmpdir(), 'chalkak-build-')), ...INPUTS };
  put('server/main.ts', 'listen()');
  put('web/main.tsx', 'render()');
  put('common/api/boards.ts', 'schema');
  put('package-lock.json', '{}');
  put('vite.config.ts', 'config');
});
afterEach(() => rmSync(inputs.root, { recursive: true, force: true }));

it('builds on a fresh checkout, and not again while nothing changed', () => {
  expect(buildReason(inputs)).toBe('dist/server/main.js 없음');
  built();
  expect(buildReason(inputs)).toBeNull();
  // Touching a file without changing it is no change.
  put('server/main.ts', 'listen()');
  expect(buildReason(inputs)).toBeNull();
});

it('builds again after a source is changed, added or deleted', () => {
  built();
  put('web/main.tsx', 'render(<App />)');
  expect(buildReason(inputs)).toBe('소스 변경됨');

  built();
  put('common/api/new-call.ts', 'schema');
  expect(buildReason(inputs)).toBe('소스 변경됨');

  built();
  unlinkSync(join(inputs.root, 'common/api/new-call.ts'));
  expect(buildReason(inputs)).toBe('소스 변경됨');
});

it('builds again after the lock file or the build configuration changes', () => {
  built();
  put('package-lock.json', '{"lockfileVersion":3}');
  expect(buildReason(inputs)).toBe('소스 변경됨');
  built();
  put('tsconfig.build.json', '{}');
  expect(buildReason(inputs)).toBe('소스 변경됨');
});

it('builds again when an output is missing or no build was recorded', () => {
  built();
  unlinkSync(join(inputs.root, 'dist/web/index.html'));
  expect(buildReason(inputs)).toBe('dist/web/index.html 없음');

  built();
  unlinkSync(join(inputs.root, inputs.stamp));
  expect(buildReason(inputs)).toBe('빌드 기록 없음');
});

it('ignores tests and node_modules, which no build output comes from', () => {
  built();
  put('server/modules/boards/boards.test.ts', 'it()');
  put('web/node_modules/x/index.js', 'x');
  expect(buildReason(inputs)).toBeNull();
});
