// Community setup, levels and logos in the admin area (docs/product/site.md#community-setup).
import { z } from 'zod';
import { isSiteOrWebLink } from '../content/urls.js';
import { hasVisible } from '../text.js';
import { nameText, optionalText } from '../validation.js';

/** Features that can require real-name verification (settings.realNameRequired). */
export const REAL_NAME_FEATURES = ['board-write', 'market', 'bidding', 'letters'] as const;
export type RealNameFeature = (typeof REAL_NAME_FEATURES)[number];

/** The footer's links when the setup has none of its own (kept in constants.ts, zod-free). */
export { DEFAULT_FOOTER_LINKS } from '../constants.js';

/** A site path ("/board/...") or an http(s) address, as the URL parser reads it (never "/\host" or javascript:). */
const LinkUrl = z
  .string()
  .trim()
  .min(1, '링크 주소를 입력해 주세요.')
  .max(300, '링크 주소는 300자까지 입력할 수 있습니다.')
  .refine(isSiteOrWebLink, '링크 주소는 /로 시작하는 사이트 주소나 http(s) 주소로 입력해 주세요.');

export const FooterLink = z.object({
  label: nameText('링크 이름', 30),
  url: LinkUrl,
});
export type FooterLink = z.infer<typeof FooterLink>;

const Points = (name: string) =>
  z
    .number({ message: `${name} 점수를 숫자로 입력해 주세요.` })
    .int(`${name} 점수는 정수로 입력해 주세요.`)
    .min(0, `${name} 점수는 0 이상으로 입력해 주세요.`)
    .max(10000, `${name} 점수는 10,000 이하로 입력해 주세요.`);

/** One emoticon "key/name": key in letters, digits, - and _. */
const EMOTICON = /^[a-z0-9_-]{1,30}\/[^,/]{1,20}$/i;

export const SetupSettings = z.object({
  siteName: nameText('사이트 이름', 30),
  tagline: optionalText('한 줄 소개', 60),
  footerLinks: z.array(FooterLink).max(12, '바닥글 링크는 12개까지 둘 수 있습니다.'),
  joinOpen: z.boolean(),
  realNameRequired: z.array(z.enum(REAL_NAME_FEATURES, { message: '실명 확인 기능을 확인해 주세요.' })),
  points: z.object({
    post: Points('글쓰기'),
    comment: Points('댓글'),
    recommended: Points('추천받기'),
    dailyLogin: Points('출석'),
  }),
  emoticons: optionalText('이모티콘 목록', 2000, '이모티콘 목록은 2,000자까지 입력할 수 있습니다.')
    .refine((v) => v === '' || v.split(',').every((p) => EMOTICON.test(p.trim()) && hasVisible(p.split('/')[1]!)), '이모티콘은 "키/이름"을 쉼표로 나누어 입력해 주세요. 예: smile/웃음,wink/윙크'),
});
export type SetupSettings = z.infer<typeof SetupSettings>;

export const SetupLevel = z.object({
  /** Absent for a new level. */
  id: z.number().int().positive().optional(),
  name: nameText('등급 이름', 20),
  minPoints: z
    .number({ message: '등급의 최소 점수를 숫자로 입력해 주세요.' })
    .int('등급의 최소 점수는 정수로 입력해 주세요.')
    .min(0, '등급의 최소 점수는 0 이상으로 입력해 주세요.')
    .max(100_000_000, '등급의 최소 점수가 너무 큽니다.'),
  canMarket: z.boolean(),
});
export type SetupLevel = z.infer<typeof SetupLevel>;

export const SetupLevels = z
  .array(SetupLevel)
  .min(1, '등급을 하나 이상 두어 주세요.')
  .max(30, '등급은 30개까지 둘 수 있습니다.')
  .refine((ls) => ls.some((l) => l.minPoints === 0), '최소 점수가 0인 등급이 하나 있어야 합니다.')
  .refine((ls) => new Set(ls.map((l) => l.minPoints)).size === ls.length, '등급의 최소 점수가 겹칩니다. 등급마다 다르게 입력해 주세요.')
  .refine((ls) => new Set(ls.map((l) => l.name)).size === ls.length, '같은 이름의 등급이 있습니다.');

/** /api/admin/setup/save */
export const AdminSetupSave = z.object({ settings: SetupSettings, levels: SetupLevels });
export type AdminSetupSave = z.infer<typeof AdminSetupSave>;

/** /api/admin/setup/info: the settings, and the levels in order with how many members hold each. */
export const AdminSetupInfo = z.object({
  settings: SetupSettings,
  levels: z.array(SetupLevel.extend({ id: z.number().int(), members: z.number().int() })),
});
export type AdminSetupInfo = z.infer<typeof AdminSetupInfo>;

/** /api/session/site: what every page shows of the setup (footer, tagline). */
export const SiteInfo = z.object({
  siteName: z.string(),
  tagline: z.string(),
  footerLinks: z.array(FooterLink),
  /** Mail is on (SMTP_URL, MAIL_FROM): address verification and reset by mail show. */
  mail: z.boolean(),
  /** The sign-in providers with keys (KAKAO_*, NAVER_*): their buttons show. */
  oauth: z.array(z.enum(['kakao', 'naver'])),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

// ---------------------------------------------------------------------------------------------
// Logos

export const LOGO_KINDS = ['main', 'second'] as const;
export const LogoKind = z.enum(LOGO_KINDS, { message: '로고 종류를 골라 주세요.' });

const DateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '날짜를 YYYY-MM-DD 형식으로 입력해 주세요.')
  .refine((v) => !Number.isNaN(Date.parse(v + 'T00:00:00Z')) && new Date(v + 'T00:00:00Z').toISOString().startsWith(v), '없는 날짜입니다.')
  .nullable();

export const AdminLogo = z.object({
  id: z.number().int(),
  kind: LogoKind,
  name: z.string(),
  year: z.string(),
  image: z.string(),
  imageUrl: z.string(),
  fileKey: z.string().nullable(),
  active: z.boolean(),
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  /** Whether the header shows it today (active and scheduled, or the active one without dates). */
  showing: z.boolean(),
  createdAt: z.string(),
});
export type AdminLogo = z.infer<typeof AdminLogo>;

export const AdminLogoList = z.object({ items: z.array(AdminLogo) });

export const AdminLogoSave = z
  .object({
    id: z.number().int().positive().optional(),
    kind: LogoKind,
    name: nameText('로고 이름', 40, '로고 이름(풍선 도움말)을 입력해 주세요.'),
    year: optionalText('연도 표시', 10),
    /** Where the logo links; empty for none. */
    imageUrl: z.union([z.literal(''), LinkUrl]),
    /** A picture uploaded through /api/file/upload; required for a new logo. */
    fileKey: z.string().trim().max(100).optional(),
    startsOn: DateText,
    endsOn: DateText,
  })
  .refine((l) => !l.startsOn || !l.endsOn || l.startsOn <= l.endsOn, { message: '끝나는 날이 시작하는 날보다 앞섭니다.', path: ['endsOn'] })
  .refine((l) => l.id !== undefined || !!l.fileKey, { message: '로고 그림을 올려 주세요.', path: ['fileKey'] });
export type AdminLogoSave = z.infer<typeof AdminLogoSave>;

export const AdminLogoSaved = z.object({ id: z.number().int() });
export const AdminLogoDelete = z.object({ id: z.number().int().positive({ message: '로고를 찾을 수 없습니다.' }) });
export const AdminLogoActivate = z.object({ id: z.number().int().positive({ message: '로고를 찾을 수 없습니다.' }), active: z.boolean() });
