// The marketplace: items, auctions and the used-price trace (docs/product/market.md). The contract between the web app and the server.
import { z } from 'zod';
import { Author, NamedProduct, PostFile } from './boards.js';
import { pageOf } from './common.js';
import { object, topic } from '../korean.js';
import { hasVisible } from '../text.js';
import { optionalText, requiredText, text } from '../validation.js';

export * from './market-labels.js';
import { CONDITIONS, KINDS, PRICE_MAX, PRICE_MIN, REGION_CODES, STATUSES, TRADE_METHODS } from './market-labels.js';

const key = z.number({ message: '매물을 찾을 수 없습니다.' }).int().positive().max(Number.MAX_SAFE_INTEGER);
const page = z.number({ message: '페이지 번호를 확인해 주세요.' }).int().min(1, '페이지 번호를 확인해 주세요.').max(100000, '페이지 번호를 확인해 주세요.').default(1);
/** A market category code (c1 …), or `all` / c0 for every category. */
const categoryFilter = z
  .string()
  .regex(/^(all|c\d{1,3})$/, '분류를 찾을 수 없습니다.')
  .transform((v) => (v === 'c0' ? 'all' : v));
const category = z.string({ error: '분류를 골라 주세요.' }).regex(/^c[1-9]\d{0,2}$/, '분류를 골라 주세요.');

export const price = (label: string) =>
  z
    .number({ message: `${object(label)} 숫자로 입력해 주세요.` })
    .int(`${topic(label)} 원 단위 정수로 입력해 주세요.`)
    .min(PRICE_MIN, `${topic(label)} ${PRICE_MIN.toLocaleString('ko-KR')}원 이상이어야 합니다.`)
    .max(PRICE_MAX, `${topic(label)} ${PRICE_MAX.toLocaleString('ko-KR')}원 이하여야 합니다.`);

export const MarketCategory = z.object({ code: z.string(), name: z.string() });
export const MarketCategories = z.array(MarketCategory);

export const MarketListQuery = z.object({
  category: categoryFilter.default('all'),
  page,
  /** Empty: selling and reserved (sold hidden by default); 'all' for every status. */
  status: z.enum([...STATUSES, 'all'], { message: '거래 상태를 확인해 주세요.' }).optional(),
  search: z.string().trim().max(50, '검색어는 50자까지 입력할 수 있습니다.').optional(),
  productKey: z.string().trim().max(120).optional(),
  region: z.enum(REGION_CODES, { message: '지역을 확인해 주세요.' }).optional(),
  minPrice: z.number({ message: '가격을 숫자로 입력해 주세요.' }).int().min(0).max(PRICE_MAX).optional(),
  maxPrice: z.number({ message: '가격을 숫자로 입력해 주세요.' }).int().min(0).max(PRICE_MAX).optional(),
  auction: z.boolean().optional(),
  /** Items for sale (the default) or wanted ads (삽니다); a seller's own list shows both unless asked. */
  kind: z.enum(KINDS, { message: '매물 종류를 확인해 주세요.' }).optional(),
  /** A member's items (their personal space); every status unless `status` says otherwise. */
  seller: z.string().max(20).optional(),
});
export type MarketListQuery = z.input<typeof MarketListQuery>;

/** The auction as everyone sees it (the live part of an item page). */
export const AuctionState = z.object({
  startPrice: z.number().int(),
  bidStep: z.number().int(),
  buyNowPrice: z.number().int().nullable(),
  /** The highest bid, or null before the first. */
  currentPrice: z.number().int().nullable(),
  /** The least a new bid may be: the start price, or the current price plus the step. */
  minBid: z.number().int(),
  bidCount: z.number().int(),
  endsAt: z.string(),
  /** The end moved by a bid in the last 5 minutes (anti-sniping) at least once. */
  extended: z.boolean(),
  ended: z.boolean(),
  /** The highest bidder, as shown to everyone (nickname). */
  leader: Author.nullable(),
  /** The caller is the highest bidder. */
  leading: z.boolean(),
  status: z.enum(STATUSES),
  /** Server time of this answer, so the countdown does not trust the phone's clock. */
  now: z.string(),
});
export type AuctionState = z.infer<typeof AuctionState>;

/** A card of the list. */
export const MarketSummary = z.object({
  key: z.number().int(),
  kind: z.enum(KINDS),
  category: z.string(),
  categoryName: z.string(),
  subject: z.string(),
  /** For a wanted ad: the most the member would pay. */
  price: z.number().int(),
  /** A wanted ad's least price of its range (null: up to price, and for items for sale). */
  priceMin: z.number().int().nullable(),
  status: z.enum(STATUSES),
  condition: z.enum(CONDITIONS),
  tradeMethod: z.enum(TRADE_METHODS),
  region: z.string(),
  thumbUrl: z.string().nullable(),
  seller: Author,
  /** The seller is real-name verified (trust badge). */
  sellerReal: z.boolean(),
  product: NamedProduct.nullable(),
  createdAt: z.string(),
  bumpedAt: z.string(),
  views: z.number().int(),
  commentCount: z.number().int(),
  /** An auction: its current price (or start) and end; null for a plain sale. */
  auction: z.object({ currentPrice: z.number().int().nullable(), bidCount: z.number().int(), endsAt: z.string(), ended: z.boolean() }).nullable(),
});
export type MarketSummary = z.infer<typeof MarketSummary>;
export const MarketPage = pageOf(MarketSummary);
export type MarketPage = z.infer<typeof MarketPage>;

export const MarketKeyQuery = z.object({ key });

export const MarketAbilities = z.object({
  canEdit: z.boolean(),
  /** Price terms (price, auction) may change: false once an auction has bids. */
  canEditPrice: z.boolean(),
  canDelete: z.boolean(),
  canChangeStatus: z.boolean(),
  canBump: z.boolean(),
  canBid: z.boolean(),
  canComment: z.boolean(),
  canScrap: z.boolean(),
  /** Admins: cancel an item with bids, with a reason. */
  canCancel: z.boolean(),
  /** A member's report of someone else's item that is not hidden yet. */
  canReport: z.boolean(),
  /** The caller is the seller: no letter to themselves, and the auction panel says why they cannot bid. */
  isSeller: z.boolean(),
});

/** A point of the trace: one item's price at one moment. */
export const TracePoint = z.object({ at: z.string(), price: z.number().int(), key: z.number().int(), subject: z.string() });
/** A point of the trace chart: when and how much (the sales list names the items). */
export const ChartPoint = z.object({ at: z.string(), price: z.number().int() });
export type ChartPoint = z.infer<typeof ChartPoint>;
export type TracePoint = z.infer<typeof TracePoint>;
export const TraceMonth = z.object({
  /** YYYY-MM (KST). */
  month: z.string(),
  count: z.number().int(),
  min: z.number().int(),
  median: z.number().int(),
  max: z.number().int(),
});
export type TraceMonth = z.infer<typeof TraceMonth>;

export const MarketView = MarketSummary.extend({
  contentHtml: z.string(),
  /** The raw content for the seller's edit form. */
  content: z.string(),
  files: z.array(PostFile),
  productGuessed: z.boolean(),
  soldPrice: z.number().int().nullable(),
  soldAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** Hidden by an admin after a report: out of trade; others get a notice as contentHtml, admins the text. */
  hidden: z.boolean(),
  auctionState: AuctionState.nullable(),
  abilities: MarketAbilities,
  scrapped: z.boolean(),
  /** Recent sold prices of the linked product (newest first, a few), next to the asking price. */
  recentPrices: z.array(TracePoint),
});
export type MarketView = z.infer<typeof MarketView>;

export const AuctionInput = z
  .object({
    startPrice: price('시작가'),
    bidStep: z
      .number({ message: '입찰 단위를 숫자로 입력해 주세요.' })
      .int('입찰 단위는 원 단위 정수로 입력해 주세요.')
      .min(1_000, '입찰 단위는 1,000원 이상이어야 합니다.')
      .max(10_000_000, '입찰 단위는 10,000,000원 이하여야 합니다.'),
    buyNowPrice: price('즉시 구매가').nullish(),
    /** ISO time; 1 hour to 14 days from now (checked on the server against its clock). */
    endsAt: z.string({ error: '마감 시각을 골라 주세요.' }).datetime({ offset: true, message: '마감 시각을 골라 주세요.' }),
  })
  .refine((a) => a.buyNowPrice == null || a.buyNowPrice > a.startPrice, { message: '즉시 구매가는 시작가보다 높아야 합니다.', path: ['buyNowPrice'] });

/**
 * Create (no key) or edit (key). files: fileKeys from /api/file/upload, at least one photo for an
 * item for sale (a wanted ad's are optional). A wanted ad: price is the most the member would pay,
 * priceMin the least; no auction. The kind stays what it was created as.
 */
export const MarketSave = z
  .object({
    key: key.optional(),
    kind: z.enum(KINDS, { message: '매물 종류를 확인해 주세요.' }).default('sell'),
    category,
    subject: requiredText('제목', 100),
    content: text('내용').refine((s) => hasVisible(s.replace(/<[^>]*>|&nbsp;/g, '')) || /<img\s/i.test(s), '내용은 필수 입력 항목입니다.'),
    price: price('가격'),
    priceMin: price('최소 가격').nullish(),
    condition: z.enum(CONDITIONS, { message: '상태를 골라 주세요.' }),
    tradeMethod: z.enum(TRADE_METHODS, { message: '거래 방법을 골라 주세요.' }),
    region: z.enum(REGION_CODES, { message: '지역을 골라 주세요.' }),
    productKey: z.string().trim().max(120).nullish(),
    files: z.array(z.string().max(64), { error: '사진을 한 장 이상 올려 주세요.' }).max(20, '사진은 20장까지 올릴 수 있습니다.').default([]),
    auction: AuctionInput.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'sell' && v.files.length === 0) ctx.addIssue({ code: 'custom', message: '사진을 한 장 이상 올려 주세요.', path: ['files'] });
    if (v.kind === 'wanted' && v.auction) ctx.addIssue({ code: 'custom', message: '삽니다 글은 경매로 올릴 수 없습니다.', path: ['auction'] });
    if (v.kind === 'sell' && v.priceMin != null) ctx.addIssue({ code: 'custom', message: '최소 가격은 삽니다 글에만 정합니다.', path: ['priceMin'] });
    if (v.kind === 'wanted' && v.priceMin != null && v.priceMin > v.price) ctx.addIssue({ code: 'custom', message: '최소 가격은 최대 가격보다 높을 수 없습니다.', path: ['priceMin'] });
  });
export type MarketSave = z.input<typeof MarketSave>;
export const MarketSaveResult = z.object({ key: z.number().int() });

export const MarketStatusInput = z.object({
  key,
  status: z.enum(STATUSES, { message: '거래 상태를 확인해 주세요.' }),
  /** A sale's final price (defaults to the asking price). */
  soldPrice: price('판매 가격').optional(),
  /** An admin cancelling an item with bids says why. */
  reason: optionalText('사유', 200).optional(),
});
export const MarketStatusResult = z.object({ key: z.number().int(), status: z.enum(STATUSES) });

export const MarketBumpResult = z.object({ key: z.number().int(), bumpedAt: z.string() });

export const BidInput = z.object({
  key,
  amount: z.number({ message: '입찰가를 숫자로 입력해 주세요.' }).int('입찰가는 원 단위 정수로 입력해 주세요.').min(1, '입찰가를 확인해 주세요.').max(PRICE_MAX, '입찰가를 확인해 주세요.'),
  /** Buy now at the buy-now price (amount must equal it). */
  buyNow: z.boolean().optional(),
});

export const Bid = z.object({ amount: z.number().int(), bidder: Author, at: z.string(), buyNow: z.boolean(), mine: z.boolean() });
export const BidList = z.object({ items: z.array(Bid), auction: AuctionState });

export const TraceQuery = z.object({ productKey: z.string({ error: '제품을 찾을 수 없습니다.' }).trim().min(1, '제품을 찾을 수 없습니다.').max(120, '제품을 찾을 수 없습니다.') });
export const Trace = z.object({
  product: z.object({ key: z.string(), name: z.string(), type: z.string(), thumbUrl: z.string().nullable() }),
  /** Sold prices (at the sale) and asking prices (at the listing), oldest first, thinned evenly when many. */
  sold: z.array(ChartPoint),
  asking: z.array(ChartPoint),
  /** The newest sales with their items, newest first (a few). */
  recentSold: z.array(TracePoint),
  /** Monthly summaries of sold prices (and of asking prices), oldest first. */
  soldMonths: z.array(TraceMonth),
  askingMonths: z.array(TraceMonth),
  tradeCount: z.number().int(),
  /** Items of this product for sale now (newest first, a few). */
  forSale: z.array(MarketSummary),
});
export type Trace = z.infer<typeof Trace>;

/**
 * /api/market/can-sell (no payload): whether the caller may put items up, and if not why —
 * 'login', 'level' (level or the admin's refusal) or 'real' (real-name verification needed) —
 * so the write page shows the reason instead of a form the server would refuse.
 */
export const MarketSellCheck = z.object({ canSell: z.boolean(), reason: z.enum(['login', 'level', 'real']).nullable(), message: z.string().nullable() });
export type MarketSellCheck = z.infer<typeof MarketSellCheck>;
