// Cross-cutting protections of every call: Origin check, security headers, body limits,
// malformed input and errors that never show internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, testApp, type TestApp } from '../test/harness.js';

const FOREIGN = '허용되지 않은 출처의 요청입니다.';
const GENERIC_ERROR = '문제가 발생했습니다. 관리자에게 문의하세요';

let t: TestApp;
let withPublicOrigin: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' }, {
    beforeReady(app) {
      // Test-only routes: an unexpected failure, and one that carries internals in its message.
      app.post('/api/test/boom', async () => {
        throw new Error('boom: secret internals at /srv/chalkak/server/x.ts');
      });
      app.post('/api/test/boom-status', async () => {
        throw Object.assign(new Error('relation "users" does not exist'), { statusCode: 500 });
      });
    },
  });
  withPublicOrigin = await testApp({ RATE_LIMIT: 'false', PUBLIC_ORIGIN: 'https://chalkak.example/' });
});
afterAll(async () => {
  await t.close();
  await withPublicOrigin.close();
});

const info = (headers: Record<string, string>, app = t) => post(app, '/api/session/info', {}, undefined, headers);

describe('Origin check on POST /api/*', () => {
  it('refuses a foreign Origin with 403 and a Korean message', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null', 'http://chalkak.example.evil.example']) {
      const res = await info({ origin, host: 'chalkak.example' });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual({ message: FOREIGN });
    }
  });

  it('cannot be dodged by percent-encoding the path', async () => {
    for (const url of ['/%61pi/session/info', '/%61%70%69/logout', '/api/session/%69nfo']) {
      const res = await t.app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ message: FOREIGN });
    }
  });

  it('refuses the right host with the wrong scheme or port', async () => {
    expect((await info({ origin: 'https://chalkak.example', host: 'chalkak.example' })).statusCode).toBe(403);
    expect((await info({ origin: 'http://chalkak.example:8080', host: 'chalkak.example' })).statusCode).toBe(403);
  });

  it('refuses Sec-Fetch-Site: cross-site (or same-site) without an Origin', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await info({ 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json()).toEqual({ message: FOREIGN });
    }
  });

  it('accepts the same origin', async () => {
    expect((await info({ origin: 'http://chalkak.example', host: 'chalkak.example' })).statusCode).toBe(200);
    expect((await info({ origin: 'http://localhost:3000', host: 'localhost:3000' })).statusCode).toBe(200);
    expect((await info({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await info({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
  });

  it('accepts a request without Origin from a non-browser client', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/session/info', payload: {} });
    expect(res.statusCode).toBe(200);
  });

  it('accepts the configured public origin (behind a proxy with another Host)', async () => {
    const res = await info({ origin: 'https://chalkak.example', host: '10.0.0.5:3000' }, withPublicOrigin);
    expect(res.statusCode).toBe(200);
    expect((await info({ origin: 'https://evil.example', host: '10.0.0.5:3000' }, withPublicOrigin)).statusCode).toBe(403);
  });

  it('does not apply to safe methods', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('are set on API responses', async () => {
    const res = await post(t, '/api/session/info');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/default-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('are set on error responses too', async () => {
    const res = await post(t, '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('bad requests', () => {
  it('answers a body that is too large with 413 and a Korean message', async () => {
    const res = await post(t, '/api/session/info', { big: 'x'.repeat(6 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: '보낸 내용이 너무 큽니다.' });
  });

  it('answers a form body that is too large with 413 too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login/do',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'userId=admin&password=' + 'x'.repeat(6 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: '보낸 내용이 너무 큽니다.' });
  });

  it('answers malformed JSON with 400 in Korean and no parser internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/check',
      headers: { 'content-type': 'application/json' },
      payload: '{"field": "userId", "value": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: '요청 형식이 올바르지 않습니다.' });
    expect(res.body).not.toMatch(/JSON|Unexpected|position|SyntaxError|FST_/i);
  });

  it('answers an unsupported content type with a Korean message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session/info',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: '요청 형식이 올바르지 않습니다.' });
  });

  it('answers an unknown /api path with a JSON 404 {message}', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope/never' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ message: '요청한 내용을 찾을 수 없습니다.' });
    }
  });

  it('answers a validation failure with the field’s Korean message only', async () => {
    const res = await post(t, '/api/public/check', { field: 'userId', value: 42 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.body).not.toMatch(/instancePath|schemaPath|ZodError/);
  });
});

describe('internal errors', () => {
  it('answer 500 with the generic Korean message and never a stack or internals', async () => {
    for (const url of ['/api/test/boom', '/api/test/boom-status']) {
      const res = await post(t, url);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: GENERIC_ERROR });
      expect(res.body).not.toMatch(/secret|internals|\/srv|\.ts|at |relation|stack/);
    }
  });

  it('the health check answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toEqual({ status: 'ok' });
  });
});

describe('validation messages', () => {
  it('answers a value of the wrong kind in Korean, never with the validator’s English', async () => {
    for (const body of [{ type: 'lens', company: 'all', search: 123 }, { type: ['lens'], company: 'all' }]) {
      const res = await post(t, '/api/product/list', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[가-힣]/);
      expect(res.json().message).not.toMatch(/expected|invalid/i);
    }
  });

  it('keeps a schema’s own Korean message', async () => {
    const res = await post(t, '/api/product/list', { type: 'camera', company: 'all' });
    expect(res.json()).toEqual({ message: '제품 종류를 골라 주세요.' });
  });
});
