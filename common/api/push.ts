// Web push (docs/api.md#push): the site's public VAPID key, a browser's subscription, the member's
// devices and a test notification. Members only.
import { z } from 'zod';

/** /api/push/key: the key the browser's subscription is made with (base64url). */
export const PushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKey>;

const ENDPOINT_MSG = '푸시 주소가 올바르지 않습니다.';
/** The push service's address the browser gave; the server checks where it points. */
const endpointRule = z.string().min(1).max(2000).startsWith('http', ENDPOINT_MSG);

/** PushSubscription.toJSON() as browsers give it (base64url keys, without padding or with it). */
export const PushSubscribe = z.strictObject({
  endpoint: endpointRule,
  keys: z.strictObject({
    /** The browser's P-256 public key: 65 bytes. */
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{87}=?$/, '브라우저의 암호화 키가 올바르지 않습니다.'),
    /** The shared authentication secret: 16 bytes. */
    auth: z.string().regex(/^[A-Za-z0-9_-]{22}(==)?$/, '브라우저의 인증 키가 올바르지 않습니다.'),
  }),
});
export type PushSubscribe = z.infer<typeof PushSubscribe>;

export const PushEndpoint = z.strictObject({ endpoint: endpointRule });
export type PushEndpoint = z.infer<typeof PushEndpoint>;

/** /api/push/devices: this browser's endpoint, when it has one, marks its row as `current`. */
export const PushDevicesQuery = z.strictObject({ endpoint: endpointRule.optional() }).nullish();

export const PushDevice = z.object({
  id: z.number().int(),
  /** A short name from the browser's user agent, e.g. "Android · Chrome". */
  device: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The last push sent to it (ISO 8601), or null. */
  lastSentAt: z.string().nullable(),
  /** The browser that asked. */
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof PushDevice>;
export const PushDeviceList = z.array(PushDevice);

export const PushDeviceRemove = z.strictObject({
  id: z.number().int().min(1, '기기를 찾을 수 없습니다.').max(2_147_483_647, '기기를 찾을 수 없습니다.'),
});

/** /api/push/test: how many of the member's devices get the test notification. */
export const PushTestResult = z.object({ queued: z.number().int() });
export type PushTestResult = z.infer<typeof PushTestResult>;
