// The OpenAPI document and its reference page: valid OpenAPI 3.1, every /api/ call in it, and a
// check that fails as soon as a route is registered without its body or response schema (the
// routes are walked as the app registers them, so a new call is checked without being listed).
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { member } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { OPENAPI_PATH, REFERENCE_PATH, type RegisteredRoute, registeredRoutes } from './document.js';
import type { OpenApiDocument } from './reference-page.js';

// Test-only routes: one without any schema, one with a body but no answer schema.
const BARE = '/api/openapi-check/bare';
const NO_ANSWER = '/api/openapi-check/no-answer';

/**
 * Routes that answer without a body or response schema, each with the reason. The schema check
 * below fails on any other /api/ route that lacks one.
 */
const SCHEMA_EXCEPTIONS: Record<string, string> = {
  'GET /api/health': '부하 분산기와 감시 도구가 쓰는 생존 확인 (상태 코드만 본다)',
  'GET /api/health/ready': '부하 분산기가 쓰는 준비 확인 (상태 코드만 본다)',
  'GET /api/ready': '같은 준비 확인의 짧은 주소',
  'POST /api/file/upload': 'multipart 업로드: 본문은 파일 한 개이고 zod 대신 처리기가 직접 검사한다',
  'GET /api/file/down/:a/:b': '파일 자체(이미지·첨부)를 그대로 보낸다',
  'GET /api/identity/return/:provider': '실명 확인 기관이 브라우저를 돌려보내는 주소: 결과 페이지로 넘겨 주기(302)만 한다',
  'POST /api/identity/return/:provider': '실명 확인 기관이 폼으로 돌려보내는 주소: 결과 페이지로 넘겨 주기(302)만 한다',
  [`GET ${OPENAPI_PATH}`]: '이 문서 자체',
  [`GET ${REFERENCE_PATH}`]: '이 문서를 읽기 좋게 보여 주는 HTML 페이지',
};

let t: TestApp;
let memberCookie: string;
beforeAll(async () => {
  t = await testApp(
    { RATE_LIMIT: 'false' },
    {
      beforeReady: (app) => {
        app.post(BARE, async () => ({ ok: true }));
        app.post(NO_ANSWER, { schema: { body: z.object({ a: z.string() }) } }, async () => ({ ok: true }));
      },
    },
  );
  memberCookie = (await member(t)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
const apiRoutes = () => registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/'));
const realRoutes = () => apiRoutes().filter((r) => r.url !== BARE && r.url !== NO_ANSWER);

/** What each route lacks: a POST its body schema, every call a schema for its 2xx answer. */
function schemaGaps(routes: RegisteredRoute[]): string[] {
  const gaps: string[] = [];
  for (const r of routes) {
    if (SCHEMA_EXCEPTIONS[key(r)]) continue;
    const schema = (r.schema ?? {}) as { body?: unknown; response?: Record<string, unknown> };
    if (r.method === 'POST' && !schema.body) gaps.push(`${key(r)}: no body schema`);
    if (!Object.keys(schema.response ?? {}).some((status) => /^2/.test(status))) gaps.push(`${key(r)}: no response schema`);
  }
  return gaps;
}

const getDocument = async (cookie?: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: cookie ? { cookie } : {} });
  return { res, doc: res.json() as OpenApiDocument };
};

describe('the schema check', () => {
  it('fails for a route without a body or response schema', () => {
    const test = apiRoutes().filter((r) => r.url === BARE || r.url === NO_ANSWER);
    expect(schemaGaps(test)).toEqual([`POST ${BARE}: no body schema`, `POST ${BARE}: no response schema`, `POST ${NO_ANSWER}: no response schema`]);
  });

  it('every registered /api/ route declares its body and answer schemas (or is a listed exception)', () => {
    expect(realRoutes().length).toBeGreaterThan(80);
    expect(schemaGaps(realRoutes())).toEqual([]);
  });

  it('every exception is a route that exists', () => {
    const keys = new Set(realRoutes().map(key));
    expect(Object.keys(SCHEMA_EXCEPTIONS).filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe('GET /api/openapi.json', () => {
  it('is valid OpenAPI 3.1 titled 찰칵 API with the version of package.json', async () => {
    const { res, doc } = await getDocument();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('찰칵 API');
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(doc.info.version).toBe(pkg.version);
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered /api/ POST call with its payload and answer schema', async () => {
    const { doc } = await getDocument();
    const posts = realRoutes().filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(60);
    const missing = posts.filter((r) => !doc.paths?.[r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.post).map(key);
    expect(missing).toEqual([]);
    for (const r of posts) {
      const op = doc.paths![r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]!.post!;
      expect(Object.keys(op.requestBody?.content ?? {}), r.url).not.toEqual([]);
      if (!SCHEMA_EXCEPTIONS[key(r)]) expect(op.responses?.['200']?.content?.['application/json']?.schema, r.url).toBeTruthy();
      expect(op.tags?.[0], r.url).toMatch(/[\uAC00-\uD7A3]/);
    }
  });

  it('describes a call from its zod schema: fields, required ones and the rules', async () => {
    const { doc } = await getDocument();
    const list = doc.paths!['/api/board/list']!.post!;
    const body = list.requestBody!.content!['application/json']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['boardId', 'page']));
    const answer = list.responses!['200']!.content!['application/json']!.schema as { properties: Record<string, unknown> };
    expect(answer.properties).toBeTruthy();
    // Form and multipart calls say what they take.
    expect(Object.keys(doc.paths!['/api/login/do']!.post!.requestBody!.content!)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(doc.paths!['/api/file/upload']!.post!.requestBody!.content!)).toEqual(['multipart/form-data']);
    expect(list.responses!.default!.description).toBe('오류 (4xx/5xx)');
    expect(list.responses!['200']!.description).toBe('정상 응답');
  });

  it('leaves out the page routes and its own two addresses', async () => {
    const { doc } = await getDocument();
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(paths).not.toContain('/api/openapi.json');
    expect(paths).not.toContain('/api/docs');
  });

  it('is public and the same for a visitor and a member, cached with an ETag', async () => {
    const visitor = await getDocument();
    const signedIn = await getDocument(memberCookie);
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.res.body).toBe(visitor.res.body);
    expect(visitor.res.headers['cache-control']).toBe('public, max-age=300');
    const etag = visitor.res.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 to a POST (bad input: it is read-only)', async () => {
    const res = await post(t, '/api/openapi.json', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('요청한 내용을 찾을 수 없습니다.');
  });
});

describe('GET /api/docs', () => {
  it('is a plain Korean HTML page listing every POST call, without scripts, under the site CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<html lang="ko">');
    expect(res.body).toContain('찰칵 API');
    expect(res.body).toContain('href="/api/openapi.json"');
    expect(res.body).not.toMatch(/<script/i);
    for (const r of realRoutes().filter((x) => x.method === 'POST')) expect(res.body, r.url).toContain(`<code>${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}</code>`);
    // Fields with their rules, in Korean.
    expect(res.body).toContain('필수');
    expect(res.body).toContain('보내는 내용');
    expect(res.body).toContain('답 200');
  });

  it('is the same for a member, with an ETag that answers 304', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const m = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { cookie: memberCookie } });
    expect(m.body).toBe(visitor.body);
    const again = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { 'if-none-match': visitor.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});
