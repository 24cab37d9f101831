// Reading a push's payload (common/api/notify.ts PushMessage) without trusting it: a payload that
// is not one becomes a plain Korean notice, and a tap never leads off the site.
import type { PushMessage } from '../../common/api/notify';

/** Shown when a push carries no readable message. */
export const genericMessage: PushMessage = { title: '새 알림', body: '새 소식이 있습니다. 눌러서 확인해 주세요.', url: '/', tag: 'chalkak' };

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : null);

/** The message a push carries, or null when its text is not a PushMessage. */
export function readPushMessage(payload: string | undefined): PushMessage | null {
  if (!payload) return null;
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  const title = text(m.title, 100);
  const body = text(m.body, 300) ?? '';
  if (!title) return null;
  return { title, body, url: text(m.url, 500) ?? '/', tag: text(m.tag, 100) || genericMessage.tag };
}

/** The address a tap opens: a path of this site, else its home page. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}
