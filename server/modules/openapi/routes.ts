// GET /api/openapi.json (the OpenAPI 3.1 document) and GET /api/docs (a plain HTML reference made
// from it). Both are public and the same for everyone until the server restarts, so each is built
// once, on first request, and answered with an ETag and a few minutes of caching.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../lib/context.js';
import { OPENAPI_PATH, REFERENCE_PATH } from './document.js';
import { type OpenApiDocument, referencePage } from './reference-page.js';

const CACHE = 'public, max-age=300';

/** The error answer every call may give (the error handler in app.ts). */
const ERROR_SCHEMA = {
  type: 'object',
  properties: { message: { type: 'string', description: '한국어 안내. `forward:`로 시작하면 /error/{나머지} 페이지를 연다' } },
  required: ['message'],
};

/** The plugin's document, finished: Korean response descriptions and the shared error answer. */
export function finishDocument(raw: object): OpenApiDocument {
  const doc = structuredClone(raw) as OpenApiDocument;
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA } };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      for (const response of Object.values(op.responses ?? {})) {
        if (response.description === 'Default Response') response.description = '정상 응답';
      }
      op.responses = {
        ...op.responses,
        default: { description: '오류 (4xx/5xx)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      };
    }
  }
  return doc;
}

interface Built {
  body: string;
  etag: string;
}

const built = (body: string): Built => ({ body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });

function answer(req: FastifyRequest, reply: FastifyReply, value: Built, type: string) {
  reply.header('cache-control', CACHE).header('etag', value.etag);
  if (req.headers['if-none-match'] === value.etag) return reply.status(304).send();
  return reply.type(type).send(value.body);
}

export default async function openApiRoutes(app: App) {
  let document: Built | undefined;
  let page: Built | undefined;
  const finished = () => finishDocument(app.swagger());

  app.get(OPENAPI_PATH, async (req, reply) => {
    document ??= built(JSON.stringify(finished()));
    return answer(req, reply, document, 'application/json; charset=utf-8');
  });

  app.get(REFERENCE_PATH, async (req, reply) => {
    page ??= built(referencePage(finished()));
    return answer(req, reply, page, 'text/html; charset=utf-8');
  });
}
