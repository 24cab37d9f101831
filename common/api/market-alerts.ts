// Price alerts (docs/product/market.md#price-alerts, decision 54): a member's product or market
// search, with the highest price, region and lowest grade they want; an item listed for sale that
// matches brings them an alarm. The contract between the web app and the server.
import { z } from 'zod';
import { cleanText, hasVisible } from '../text.js';
import { NamedProduct } from './boards.js';
import { price } from './market.js';
import { ALERT_LIMIT, CONDITIONS, REGION_CODES } from './market-labels.js';

export const ALERT_MSG = {
  needWhat: '제품이나 검색어 중 하나는 정해 주세요.',
  noAlert: '알림을 찾을 수 없습니다.',
  tooMany: `가격 알림은 ${ALERT_LIMIT}개까지 만들 수 있습니다. 쓰지 않는 알림을 지운 뒤 다시 시도해 주세요.`,
  noProduct: '제품을 찾을 수 없습니다.',
  noWords: '검색어에 찾을 수 있는 글자가 없습니다. 글자나 숫자로 입력해 주세요.',
} as const;

/** /api/market/alert/save: a new alert (at least a product or a search text). */
export const MarketAlertSave = z
  .object({
    productKey: z.string().trim().max(120, ALERT_MSG.noProduct).nullish(),
    // Cleaned as every member text (no bidi or control characters). Spaces alone are no search;
    // anything else that cleans down to nothing visible is refused, not saved as a search for nothing.
    query: z
      .string()
      .trim()
      .refine((s) => s === '' || hasVisible(cleanText(s)), ALERT_MSG.noWords)
      .overwrite((s) => cleanText(s).trim())
      .max(50, '검색어는 50자까지 입력할 수 있습니다.')
      .nullish(),
    maxPrice: price('최고 가격').nullish(),
    region: z.enum(REGION_CODES, { message: '지역을 확인해 주세요.' }).nullish(),
    /** The lowest grade wanted: an item of this grade or better matches. */
    condition: z.enum(CONDITIONS, { message: '상태를 확인해 주세요.' }).nullish(),
  })
  .refine((v) => Boolean(v.productKey) || Boolean(v.query), { message: ALERT_MSG.needWhat, path: ['query'] });
export type MarketAlertSave = z.input<typeof MarketAlertSave>;
export const MarketAlertSaveResult = z.object({ alertKey: z.number().int() });

export const MarketAlert = z.object({
  alertKey: z.number().int(),
  product: NamedProduct.nullable(),
  query: z.string().nullable(),
  maxPrice: z.number().int().nullable(),
  region: z.string().nullable(),
  condition: z.enum(CONDITIONS).nullable(),
  createdAt: z.string(),
});
export type MarketAlert = z.infer<typeof MarketAlert>;

/** /api/market/alert/list: the caller's alerts, newest first, and how many they may keep. */
export const MarketAlertList = z.object({ items: z.array(MarketAlert), limit: z.number().int() });
export type MarketAlertList = z.infer<typeof MarketAlertList>;

export const MarketAlertKey = z.object({
  alertKey: z.number({ message: ALERT_MSG.noAlert }).int(ALERT_MSG.noAlert).positive(ALERT_MSG.noAlert).max(Number.MAX_SAFE_INTEGER, ALERT_MSG.noAlert),
});
