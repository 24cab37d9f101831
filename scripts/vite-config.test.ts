// `npm run dev:web` sends the server's calls to the API server at PORT (3000 unless set), and
// never proxies the web app's own source modules under web/api/.
import { afterEach, describe, expect, it, vi } from 'vitest';

async function proxyOf(port?: string) {
  vi.resetModules();
  if (port === undefined) vi.stubEnv('PORT', '');
  else vi.stubEnv('PORT', port);
  const config = (await import('../vite.config.js')).default as { server: { proxy: Record<string, string> } };
  return config.server.proxy;
}

describe('vite dev server proxy', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('follows PORT, and defaults to 3000', async () => {
    expect(Object.values(await proxyOf('3999'))).toEqual(['http://127.0.0.1:3999']);
    expect(Object.values(await proxyOf())).toEqual(['http://127.0.0.1:3000']);
  });

  it('proxies calls but not source modules', async () => {
    const pattern = new RegExp(Object.keys(await proxyOf())[0]!);
    expect(pattern.test('/api/board/list')).toBe(true);
    expect(pattern.test('/api/file/down/a/b')).toBe(true);
    expect(pattern.test('/api/call.ts')).toBe(false);
    expect(pattern.test('/api/call.ts?t=123')).toBe(false);
  });
});
