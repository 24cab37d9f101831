// A browser that has signed in to an account before (OWASP "device cookies"): on a successful
// login it gets a sealed, httpOnly cookie naming a random device id and the accounts signed in
// from it. Failed logins and reset answers from such a browser count for that browser alone, so an
// attacker elsewhere — who cannot forge the cookie — never locks the owner's own browser out, and
// the owner's own typos are not reported to them as "from elsewhere" (decision 16).
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Sealer } from './secret.js';

export const DEVICE_COOKIE = 'chalkak_dev';
const MAX_ACCOUNTS = 5;
const MAX_AGE_S = 365 * 24 * 3600;

interface Device {
  id: string;
  /** Lower-case userIds signed in from this browser, newest first. */
  accounts: string[];
}

/** Who is trying, for the limits by account: this browser (when known to the account) or the address. */
export interface Client {
  key: string;
  known: boolean;
}

function readDevice(req: FastifyRequest, sealer: Sealer): Device | null {
  const raw = req.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  try {
    const d = JSON.parse(sealer.open(raw)) as Partial<Device>;
    if (typeof d.id !== 'string' || !Array.isArray(d.accounts)) return null;
    return { id: d.id, accounts: d.accounts.filter((a): a is string => typeof a === 'string').slice(0, MAX_ACCOUNTS) };
  } catch {
    // Forged, from another key, or damaged: an unknown browser.
    return null;
  }
}

/** The client for limits on this account: `dev:<id>` for a browser that signed in to it, else `ip:<address>`. */
export function clientFor(req: FastifyRequest, sealer: Sealer, userId: string): Client {
  const device = readDevice(req, sealer);
  if (device?.accounts.includes(userId)) return { key: `dev:${device.id}`, known: true };
  return { key: `ip:${req.ip}`, known: false };
}

/** After a successful login: this browser is known to the account from now on. */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, sealer: Sealer, userId: string): void {
  const device = readDevice(req, sealer) ?? { id: randomBytes(16).toString('base64url'), accounts: [] };
  const accounts = [userId, ...device.accounts.filter((a) => a !== userId)].slice(0, MAX_ACCOUNTS);
  reply.setCookie(DEVICE_COOKIE, sealer.seal(JSON.stringify({ id: device.id, accounts })), {
    path: '/api/',
    httpOnly: true,
    sameSite: 'strict',
    secure: req.protocol === 'https',
    maxAge: MAX_AGE_S,
  });
}
