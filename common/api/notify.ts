// Notifications that reach a closed tab (docs/product/notifications.md): what can notify, and the
// message a push carries. One event is recorded once (an alarm, a letter, a report) and each
// channel (the in-site drawer, web push, mail) delivers it by the member's settings.
import { z } from 'zod';

/** What can notify a member. */
export const NOTIFY_KINDS = [
  /** A new letter. */
  'letter',
  /** A comment on my post, or a reply to my comment. */
  'comment',
  /** An @mention of me. */
  'mention',
  /** Someone bid more than me. */
  'outbid',
  /** An auction I sell or lead ended (sold, won, unsold). */
  'auction_end',
  /** An item I scrapped changed status. */
  'scrap_status',
  /** An item listed for sale met my price alert, or a wanted ad (삽니다) fits an item I sell. */
  'market_alert',
  /** My photo was picked as today's photo. */
  'today',
  /** Members reacted (공감) to my post or comment: one grouped alarm per target. */
  'reaction',
  /** Administrators and board managers: a new report waits (managers: on their boards). */
  'report',
] as const;
export const NotifyKind = z.enum(NOTIFY_KINDS);
export type NotifyKind = z.infer<typeof NotifyKind>;

export const NOTIFY_CHANNELS = ['push', 'email'] as const;
export const NotifyChannel = z.enum(NOTIFY_CHANNELS);
export type NotifyChannel = z.infer<typeof NotifyChannel>;

/**
 * What a push carries, and all it carries (the payload is encrypted to the browser): what the
 * notification shows and where a tap on it leads.
 */
export const PushMessage = z.object({
  /** The notification's title (Korean, short). */
  title: z.string().max(100),
  /** One or two lines. */
  body: z.string().max(300),
  /** A path on this site, e.g. /board/free/view/12#c34; a tap opens it. */
  url: z.string().startsWith('/').max(500),
  /** Notifications with the same tag replace each other (e.g. letter, market-12). */
  tag: z.string().max(100),
});
export type PushMessage = z.infer<typeof PushMessage>;

/** Kinds whose push is off until the member turns it on (mail is off for every kind by default). */
export const PUSH_OFF_KINDS: readonly NotifyKind[] = ['reaction'];

/** Kinds only the report queue's staff see and receive: administrators and board managers. */
export const ADMIN_NOTIFY_KINDS: readonly NotifyKind[] = ['report'];

/** Quiet hours by default: 23:00–07:00 Korean time. */
export const QUIET_DEFAULT = { start: '23:00', end: '07:00' } as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (label: string) => z.string({ error: `${label}을 23:00처럼 입력해 주세요.` }).regex(HHMM, `${label}을 23:00처럼 입력해 주세요.`);

/** "23:00" → minutes after midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes after midnight → "07:00". */
export const hhmmOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** One kind's channels. */
export const NotifyKindSetting = z.strictObject({
  kind: z.enum(NOTIFY_KINDS, { error: '알림 종류를 골라 주세요.' }),
  push: z.boolean({ error: '푸시 알림은 true나 false로 보내 주세요.' }),
  email: z.boolean({ error: '메일 알림은 true나 false로 보내 주세요.' }),
});
export type NotifyKindSetting = z.infer<typeof NotifyKindSetting>;

/** /api/notify/settings/save: every kind the member may receive, once each, and the rest. */
export const NotifySettingsSave = z
  .strictObject({
    kinds: z.array(NotifyKindSetting, { error: '알림 종류별 설정을 보내 주세요.' }).max(NOTIFY_KINDS.length, '알림 종류가 너무 많습니다.'),
    quietHours: z.boolean({ error: '방해 금지 시간 사용 여부는 true나 false로 보내 주세요.' }),
    quietStart: clock('방해 금지 시작 시각'),
    quietEnd: clock('방해 금지 끝 시각'),
    digest: z.boolean({ error: '하루 요약 메일은 true나 false로 보내 주세요.' }),
  })
  .refine((v) => new Set(v.kinds.map((k) => k.kind)).size === v.kinds.length, { message: '같은 알림 종류를 두 번 보냈습니다.', path: ['kinds'] })
  .refine((v) => !v.quietHours || v.quietStart !== v.quietEnd, { message: '방해 금지 시작 시각과 끝 시각이 같습니다.', path: ['quietEnd'] });
export type NotifySettingsSave = z.infer<typeof NotifySettingsSave>;

/** /api/notify/settings and the answer of save: the member's choices and what this site offers them. */
export const NotifySettings = z.object({
  /** Every kind the member may receive (administrators and board managers also `report`), in NOTIFY_KINDS order. */
  kinds: z.array(NotifyKindSetting),
  quietHours: z.boolean(),
  /** Korean time, "HH:MM". */
  quietStart: z.string(),
  quietEnd: z.string(),
  digest: z.boolean(),
  available: z.object({
    /** The site sends mail (SMTP configured). */
    mailConfigured: z.boolean(),
    /** The member's address is verified. */
    emailVerified: z.boolean(),
    /** Mail can be turned on: both of the above. Email switches and the digest show only then. */
    mail: z.boolean(),
  }),
});
export type NotifySettings = z.infer<typeof NotifySettings>;
