// The web app renders content with common/content; the server's sanitiser (and sanitize-html
// behind it) must never come along into the browser bundle. eslint stops web/ importing
// sanitize.ts directly; this checks that no other module of common/content reaches it, or any
// package, on the way (docs/decisions/0009-content-sanitising.md).
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('../../common/content/*.ts', { query: '?raw', import: 'default', eager: true });
const name = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const byName = new Map(Object.entries(sources).map(([path, text]) => [name(path), text]));
const SERVER_ONLY = new Set(['sanitize.ts']);

function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe('browser modules of common/content', () => {
  const browser = [...byName.keys()].filter((f) => !f.endsWith('.test.ts') && !SERVER_ONLY.has(f));

  it('finds the modules', () => {
    expect(browser).toContain('render.ts');
    expect(browser).toContain('countdown.ts');
  });

  it.each(browser)('%s reaches neither sanitize.ts nor any package', (entry) => {
    const seen = new Set<string>();
    const packages: string[] = [];
    const queue = [entry];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of importsOf(byName.get(file) ?? '')) {
        if (spec.startsWith('./')) queue.push(spec.slice(2).replace(/\.js$/, '.ts'));
        else if (!spec.startsWith('../')) packages.push(spec);
        // ../ is the rest of common/ (format.ts), which has no packages of its own.
      }
    }
    expect([...seen]).not.toContain('sanitize.ts');
    expect(packages).toEqual([]);
  });
});
