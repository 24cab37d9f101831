// The OpenAPI 3.1 description of the API, made from the zod schemas the routes already declare
// (@fastify/swagger collects the routes, fastify-type-provider-zod turns their schemas into JSON
// Schema): there is no second, hand-written copy to drift from the code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { ROOT } from '../../config.js';
import type { App } from '../../lib/context.js';
import { SESSION_COOKIE } from '../../lib/session.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/docs';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

/** Calls whose body is not JSON; the document says which media type they take. */
const BODY_MEDIA: Record<string, { consumes: string[]; body?: object }> = {
  '/api/login/do': { consumes: ['application/x-www-form-urlencoded'] },
  '/api/identity/return/:provider': { consumes: ['application/x-www-form-urlencoded'] },
  '/api/file/upload': {
    consumes: ['multipart/form-data'],
    body: {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: '올릴 파일 한 개' } },
      required: ['file'],
    },
  },
};

/** Korean names for the groups of calls (the first path segment after /api/). */
const AREAS: Record<string, string> = {
  session: '세션과 사이트',
  login: '세션과 사이트',
  logout: '세션과 사이트',
  auth: '로그인 방법',
  menu: '메뉴',
  public: '가입과 암호 찾기',
  user: '내 정보',
  identity: '실명 확인',
  board: '게시판',
  all: '전체 글',
  comment: '댓글',
  favorite: '즐겨찾기',
  alarm: '알림',
  letter: '쪽지',
  live: '실시간 알림',
  file: '파일',
  donate: '후원',
  report: '신고',
  product: '제품',
  admin: '관리',
  health: '상태 확인',
  market: '장터',
  space: '개인 공간',
  gallery: '갤러리',
  museum: '뮤지엄',
  today: '오늘의 사진',
  home: '첫 화면',
  mail: '메일',
  push: '푸시 알림',
  notify: '알림 설정',
  poll: '투표',
  reaction: '공감',
  search: '사이트 검색',
  spam: '스팸 방지',
  gear: '내 장비',
};

export const areaOf = (url: string): string => {
  const segment = url.split('/')[2] ?? '';
  return AREAS[segment] ?? segment;
};

const routesByApp = new WeakMap<object, RegisteredRoute[]>();

/** Every route registered on the app (collected as they are added), for the schema check. */
export function registeredRoutes(app: App): RegisteredRoute[] {
  return routesByApp.get(app) ?? [];
}

// From the project root, so it is found from the sources and from the build (dist/server/...).
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const zodTransform = createJsonSchemaTransform({
  // A schema zod cannot express in JSON Schema (a custom check) is described as "any value"
  // rather than failing the whole document.
  zodToJsonConfig: { unrepresentable: 'any' },
});

/**
 * Registers the collector; call it before any route so every one is seen. Only /api/ calls go
 * into the document (the page routes serve the web app).
 */
export async function registerOpenApiDocument(app: App): Promise<void> {
  const routes: RegisteredRoute[] = [];
  routesByApp.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') routes.push({ method, url: route.url, schema: route.schema });
    }
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '찰칵 API',
        version,
        description:
          '찰칵 커뮤니티의 호출 목록입니다. 거의 모든 호출은 JSON 본문을 보내는 POST이고, 다른 사이트에서 보낸 POST는 403으로 거절됩니다.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: '로그인하면 받는 세션 쿠키' },
        },
      },
    },
    hideUntagged: false,
    transform: (input) => {
      const { url } = input;
      if (!url.startsWith('/api/') || url === OPENAPI_PATH || url === REFERENCE_PATH) return { schema: { hide: true }, url };
      const out = zodTransform(input);
      const media = BODY_MEDIA[url];
      const schema: Record<string, unknown> = { ...(out.schema as Record<string, unknown>), tags: [areaOf(url)] };
      // A free-form query (any fields, passed on as they come) has no fields to list as parameters.
      const query = schema.querystring as { properties?: unknown } | undefined;
      if (query && !query.properties) {
        delete schema.querystring;
        schema.description = '주소 뒤 질의 문자열은 자유 형식입니다 (받은 그대로 넘겨 검사한다).';
      }
      if (media) {
        schema.consumes = media.consumes;
        if (media.body && !schema.body) schema.body = media.body;
      }
      return { schema: schema as typeof out.schema, url: out.url };
    },
  });
}
