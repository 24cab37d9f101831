// A member's browsers that receive pushes: subscribe (an endpoint checked for where it points),
// unsubscribe, the device list of the settings screen and its remove.
import { createECDH } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PushDevice, PushSubscribe } from '../../../common/api/push.js';
import type { Db } from '../../db/client.js';
import { pushSubscriptions } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { checkEndpointResolves, checkEndpointUrl, type EndpointPolicy, EndpointRefused } from './endpoint.js';

/** Browsers a member may have subscribed at once; the oldest goes when one more subscribes. */
export const MAX_DEVICES = 20;
export const PUSH_MSG = {
  badKey: '브라우저의 암호화 키가 올바르지 않습니다.',
  noDevice: '기기를 찾을 수 없습니다.',
  noSubscription: '이 기기의 알림 구독을 찾을 수 없습니다.',
} as const;

/** A short name for the settings list, e.g. "Android · 삼성 인터넷", "iPhone · Safari", "Windows · Edge". */
export function deviceName(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Macintosh|Mac OS X/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : '';
  const browser = /SamsungBrowser/.test(ua)
    ? '삼성 인터넷'
    : /Whale\//.test(ua)
      ? '웨일'
      : /Edg(A|iOS)?\//.test(ua)
        ? 'Edge'
        : /OPR\//.test(ua)
          ? 'Opera'
          : /Firefox\/|FxiOS/.test(ua)
            ? 'Firefox'
            : /Chrome\/|CriOS/.test(ua)
              ? 'Chrome'
              : /Safari\//.test(ua)
                ? 'Safari'
                : '';
  return [os, browser].filter(Boolean).join(' · ') || '알 수 없는 기기';
}

/** The key must be a point of P-256, or no push could ever be encrypted to it. */
function checkBrowserKey(p256dh: string) {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw badRequest(PUSH_MSG.badKey);
  }
}

/** Stores the browser's subscription for the member; the same endpoint again moves it here. */
export async function subscribe(db: Db, userNo: number, body: PushSubscribe, userAgent: string | undefined, policy: EndpointPolicy): Promise<number> {
  try {
    const url = checkEndpointUrl(body.endpoint, policy);
    await checkEndpointResolves(url, policy);
  } catch (err) {
    if (err instanceof EndpointRefused) throw badRequest(err.message, 'push_endpoint');
    throw err;
  }
  checkBrowserKey(body.keys.p256dh);
  const values = { userNo, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device: deviceName(userAgent), createdAt: now() };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, lastSentAt: null } })
      .returning({ id: pushSubscriptions.id });
    const mine = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userNo, userNo))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const extra = mine.slice(0, Math.max(0, mine.length - MAX_DEVICES)).map((r) => r.id);
    if (extra.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, extra));
    return row!.id;
  });
}

/** Removes the member's own subscription of this endpoint; another member's is not found. */
export async function unsubscribe(db: Db, userNo: number, endpoint: string): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userNo, userNo)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound(PUSH_MSG.noSubscription);
}

export async function listDevices(db: Db, userNo: number, currentEndpoint: string | undefined): Promise<PushDevice[]> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      device: pushSubscriptions.device,
      createdAt: pushSubscriptions.createdAt,
      lastSentAt: pushSubscriptions.lastSentAt,
      current: currentEndpoint ? sql<boolean>`${pushSubscriptions.endpoint} = ${currentEndpoint}` : sql<boolean>`false`,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userNo, userNo))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map((r) => ({
    id: r.id,
    device: r.device,
    createdAt: r.createdAt.toISOString(),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
    current: Boolean(r.current),
  }));
}

export async function removeDevice(db: Db, userNo: number, id: number): Promise<void> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userNo, userNo)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound(PUSH_MSG.noDevice);
}
