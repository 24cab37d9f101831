// Refuses cross-site writes: a POST must come from our own origin (or carry no browser
// origin at all, as non-browser clients do, which cannot ride a member's cookie).
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function checkOrigin(req: FastifyRequest, publicOrigin: string | undefined) {
  if (SAFE.has(req.method)) return;
  const origin = req.headers.origin;
  if (origin) {
    const own = `${req.protocol}://${req.host}`;
    if (origin === own || origin === publicOrigin) return;
    throw forbidden('허용되지 않은 출처의 요청입니다.', 'bad_origin');
  }
  const site = req.headers['sec-fetch-site'];
  if (site && site !== 'same-origin' && site !== 'none') {
    throw forbidden('허용되지 않은 출처의 요청입니다.', 'bad_origin');
  }
}
