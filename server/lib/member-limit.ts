// A per-member rate limit for calls that write (posts, comments): counted by the member's
// number, through the app's rate-limit store (Redis when configured), after the login check.
import type { FastifyRequest } from 'fastify';
import type { App } from './context.js';
import { tooManyRequests } from './errors.js';
import type { Member } from './session.js';

const kKey = Symbol('memberLimitKey');

export function memberLimiter(app: App, name: string, max: number, timeWindow: number) {
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
