// A draft of the market write form kept in the browser (one for a new item, one per item being
// edited), like the board editor's. Nothing here leaves the browser.
import type { Photo } from './photo-uploader';

export interface MarketDraft {
  category: string;
  subject: string;
  price: number | null;
  condition: string;
  tradeMethod: string;
  region: string;
  product: { key: string; name: string } | null;
  photos: Photo[];
  html: string;
  auction: boolean;
  startPrice: number | null;
  bidStep: number | null;
  buyNowPrice: number | null;
  endsAt: string;
  savedAt: number;
}

/** Uploads nobody attached are removed after a day, so an older draft's photos are gone. */
const FILES_KEPT_MS = 23 * 3600_000;

export const marketDraftKey = (itemKey?: number) => `chalkak.draft.market${itemKey === undefined ? '' : `.${itemKey}`}`;

export function readMarketDraft(key: string): MarketDraft | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as MarketDraft;
    if (typeof d.subject !== 'string' || typeof d.html !== 'string') return null;
    const fresh = typeof d.savedAt === 'number' && Date.now() - d.savedAt < FILES_KEPT_MS;
    return { ...d, photos: fresh && Array.isArray(d.photos) ? d.photos : [] };
  } catch {
    return null;
  }
}

export function writeMarketDraft(key: string, draft: MarketDraft): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false; // storage full or blocked: the draft is a convenience only
  }
}

export function removeMarketDraft(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // ignore
  }
}
