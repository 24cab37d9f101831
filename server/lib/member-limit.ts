// A per-member rate limit for calls that write (posts, comments): counted by the member's
// number, through the app's rate-limit store (Redis when configured), after the login check.
import type { FastifyRequest } from 'fastify';
import type { App } from './context.js';
import { tooManyRequests } from './errors.js';
import type { Member } from './session.js';

const kKey = Symbol('memberLimitKey');

type Limiter = (req: FastifyRequest, member: Member) => Promise<void>;
const limiters = new WeakMap<object, Map<string, Limiter>>();

/**
 * The limit named `name`: one count per member, shared by every route that asks for the same name
 * (gallery items and museums are saved through two route files and share 'gallery-save').
 */
export function memberLimiter(app: App, name: string, max: number, timeWindow: number): Limiter {
  let byName = limiters.get(app.ctx);
  if (!byName) limiters.set(app.ctx, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) byName.set(name, (limiter = newLimiter(app, name, max, timeWindow)));
  return limiter;
}

function newLimiter(app: App, name: string, max: number, timeWindow: number): Limiter {
  if (!app.ctx.config.rateLimit) return async (_req: FastifyRequest, _member: Member) => {};
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `${name}:${(req as FastifyRequest & { [kKey]?: number })[kKey] ?? req.ip}`,
  });
  return async (req: FastifyRequest, member: Member) => {
    (req as FastifyRequest & { [kKey]?: number })[kKey] = member.no;
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) throw tooManyRequests();
  };
}
