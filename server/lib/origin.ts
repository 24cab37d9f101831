// Refuses cross-site writes: a POST must come from our own origin (or carry no browser
// origin at all, as non-browser clients do, which cannot ride a member's cookie).
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Identity providers send the member back with a cross-site POST. Their payload is
 * integrity-protected and bound to a pending request (modules/identity), so exactly these
 * return addresses are exempt.
 */
const IDENTITY_RETURN = /^\/api\/identity\/return\/[a-z]+$/;

/**
 * A mail client's one-click unsubscribe (RFC 8058) is a POST from no page of ours; it carries a
 * signed token naming the member and the kind, needs no session and can only turn a mail off.
 */
const ONE_CLICK_UNSUBSCRIBE = '/api/mail/unsubscribe';

export function checkOrigin(req: FastifyRequest, publicOrigin: string | undefined) {
  if (SAFE.has(req.method)) return;
  const path = req.url.split('?')[0] ?? '';
  if (IDENTITY_RETURN.test(path) || path === ONE_CLICK_UNSUBSCRIBE) return;
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
