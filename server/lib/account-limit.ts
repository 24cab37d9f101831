// Limits by account that nobody elsewhere can turn into a lock-out (decision 16): attempts count
// per account and client (a browser known to the account, else the address), so failures from
// another address never block the owner's; on top, attempts on the account from clients it does
// not know share one slower ceiling that stops guessing from many addresses, but a browser the
// owner signed in from before is never held by it. Counted in the app's rate-limit store.
import type { FastifyRequest } from 'fastify';
import type { App } from './context.js';
import type { Client } from './known-device.js';

export interface Window {
  max: number;
  timeWindow: number;
}

/** ok, or which limit refused: this client's on the account, or the account's for unknown clients. */
export type LimitVerdict = 'ok' | 'client' | 'account';

const kKey = Symbol('accountLimitKey');
type Keyed = FastifyRequest & { [kKey]?: string };

export function accountLimiter(app: App, name: string, limits: { perClient: Window; unknownClients: Window }) {
  if (!app.ctx.config.rateLimit) return async (_req: FastifyRequest, _userId: string, _client: Client): Promise<LimitVerdict> => 'ok';
  const keyGenerator = (req: FastifyRequest) => (req as Keyed)[kKey] ?? `${name}:${req.ip}`;
  const perClient = app.createRateLimit({ ...limits.perClient, keyGenerator });
  const perAccount = app.createRateLimit({ ...limits.unknownClients, keyGenerator });
  const exceeded = (r: { isAllowed: true } | { isAllowed: false; isExceeded: boolean }) => !r.isAllowed && r.isExceeded;
  return async (req: FastifyRequest, userId: string, client: Client): Promise<LimitVerdict> => {
    (req as Keyed)[kKey] = `${name}:${userId}:${client.key}`;
    if (exceeded(await perClient(req))) return 'client';
    if (client.known) return 'ok';
    (req as Keyed)[kKey] = `${name}-unknown:${userId}`;
    if (exceeded(await perAccount(req))) return 'account';
    return 'ok';
  };
}
