// The marketplace's fixed lists and limits: grades, trade methods, regions, statuses and prices.
// Without zod, so the market list (its cards, filter chips and address) loads none of the
// contract's schemas (common/api/market.ts re-exports all of it).

/** 새 제품, S, A, B, C, each with its short explanation. */
export const CONDITIONS = ['new', 'S', 'A', 'B', 'C'] as const;
/** A grade's label wherever it shows ("A급 (사용감 적음)"), and the write form's guidance for the
 * seller choosing it (shown again to the seller only). */
export const CONDITION_LABEL: Record<(typeof CONDITIONS)[number], { label: string; help: string }> = {
  new: { label: '새 제품', help: '개봉하지 않았거나 개봉만 한 새 제품' },
  S: { label: 'S급 (미사용에 가까움)', help: '흠집이나 사용 흔적이 거의 없음' },
  A: { label: 'A급 (사용감 적음)', help: '작은 흔적 몇 군데, 기능 이상 없음' },
  B: { label: 'B급 (사용감 있음)', help: '눈에 띄는 흔적, 기능 이상 없음' },
  C: { label: 'C급 (하자 있음)', help: '고장이나 하자를 설명에 적어 주세요' },
};

export const TRADE_METHODS = ['direct', 'delivery', 'both'] as const;
export const TRADE_METHOD_LABEL: Record<(typeof TRADE_METHODS)[number], string> = { direct: '직거래', delivery: '택배', both: '직거래·택배' };

/** 시·도 (the 17 first-level divisions), by code. */
export const REGIONS = [
  ['seoul', '서울'],
  ['busan', '부산'],
  ['daegu', '대구'],
  ['incheon', '인천'],
  ['gwangju', '광주'],
  ['daejeon', '대전'],
  ['ulsan', '울산'],
  ['sejong', '세종'],
  ['gyeonggi', '경기'],
  ['gangwon', '강원'],
  ['chungbuk', '충북'],
  ['chungnam', '충남'],
  ['jeonbuk', '전북'],
  ['jeonnam', '전남'],
  ['gyeongbuk', '경북'],
  ['gyeongnam', '경남'],
  ['jeju', '제주'],
] as const;
export const REGION_CODES = REGIONS.map(([code]) => code) as [string, ...string[]];
export const REGION_LABEL: Record<string, string> = Object.fromEntries(REGIONS);

/**
 * selling → reserved → sold (and back from reserved); an auction ends sold or unsold; only an
 * admin cancels an item that has bids.
 */
export const STATUSES = ['selling', 'reserved', 'sold', 'unsold', 'cancelled', 'wanted', 'found'] as const;
export type MarketStatus = (typeof STATUSES)[number];
export const STATUS_LABEL: Record<MarketStatus, string> = {
  selling: '판매 중',
  reserved: '예약 중',
  sold: '판매 완료',
  unsold: '유찰',
  cancelled: '취소됨',
  wanted: '구하는 중',
  found: '구했음',
};

/**
 * An item for sale, or a wanted ad (삽니다): the most and least the member would pay, no auction,
 * photos optional, and statuses of its own (wanted → found), so nothing that reads items for sale
 * by their status meets one.
 */
export const KINDS = ['sell', 'wanted'] as const;
export type MarketKind = (typeof KINDS)[number];
export const KIND_LABEL: Record<MarketKind, string> = { sell: '팝니다', wanted: '삽니다' };
/** The statuses each kind goes through (the status filter offers these). */
export const KIND_STATUSES: Record<MarketKind, readonly MarketStatus[]> = {
  sell: ['selling', 'reserved', 'sold', 'unsold', 'cancelled'],
  wanted: ['wanted', 'found', 'cancelled'],
};
/** Price alerts a member may keep at once. */
export const ALERT_LIMIT = 20;

/** Prices in won: at least 1,000 and below 10억 (anything else is a typo). */
export const PRICE_MIN = 1_000;
export const PRICE_MAX = 999_999_999;
/** An auction runs 1 hour to 14 days; a bid in its last 5 minutes moves the end 5 minutes later. */
export const AUCTION_MIN_MS = 60 * 60 * 1000;
export const AUCTION_MAX_MS = 14 * 24 * 60 * 60 * 1000;
export const SNIPING_WINDOW_MS = 5 * 60 * 1000;
