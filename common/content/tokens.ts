// Content tokens (docs/content-tokens.md). A token is a sigil followed directly by
// braces: @{userId}. The brace keeps ordinary text apart: "$100", "5*3", "이메일@주소" and
// "^^" are never tokens. Values are checked against strict patterns and every piece of text
// that reaches the output is escaped, so a token can only ever produce the markup below.
import { formatDateTime, formatNumber } from '../format.js';
import { emoticonSrc } from './emoticons.js';
import { escapeHtml } from './escape.js';
import { CONTENT_TEXT } from './labels.js';
import { fileDownloadUrl, fileRefIndex, pathPart, safeImageSrc } from './urls.js';

export type Token =
  | { kind: 'space'; userId: string }
  | { kind: 'board'; boardId: string; category: string }
  | { kind: 'market'; keys: number[] }
  | { kind: 'countdown'; key: number; end: string }
  | { kind: 'museum'; userId: string; galleryKey: string }
  | { kind: 'icon'; key: string }
  | { kind: 'image'; postKey: number; file: number };

/** A market item as * and ! tokens show it; the server passes only items the reader may see. */
export interface MarketItemRef {
  subject: string;
  /** In won: an auction's highest bid if any, else the item's price. */
  price?: number | null;
  /** Shown in brackets after the price, e.g. 판매 완료; absent while the item is on sale. */
  status?: string;
  /** An auction's real end (ISO 8601, moved by anti-sniping): it replaces the end typed in !{key|end}. */
  auctionEnd?: string | null;
}

/** What the renderer may look up; every function is optional and a miss falls back to the id. */
export interface RenderContext {
  nickName?: (userId: string) => string | undefined;
  /** A miss shows the neutral label CONTENT_TEXT.board: the lookup answers only for boards the reader may read. */
  boardName?: (boardId: string) => string | undefined;
  /** A miss (unknown, hidden, deleted or not readable) shows the neutral #매물 N. */
  marketItem?: (key: number) => MarketItemRef | undefined;
  exhibitTitle?: (userId: string, galleryKey: string) => string | undefined;
  /** From parseEmoticons(community setting); ^{key} renders only for keys listed here. */
  emoticons?: ReadonlyMap<string, string>;
  /** The file keys of another post, for +{postKey|fileN}. */
  postFiles?: (postKey: number) => readonly string[] | undefined;
  /** The file keys of this content, for src="fileN" (docs/product/boards.md#content). */
  files?: readonly string[];
  /** File key -> download address; by default fileDownloadUrl(key), the server passes the name too. */
  fileUrl?: (fileKey: string) => string;
}

/** Any sigil and brace pair; the body is checked by parseToken. */
export const TOKEN_SOURCE = String.raw`([@$*!~^+])\{([^{}\s<>"'\x60\\]{1,120})\}`;

const USER_ID = /^[a-z0-9_]{4,20}$/;
const BOARD_ID = /^[a-z0-9_-]{1,30}$/;
const CATEGORY = /^c\d{1,3}$/;
const KEY = /^[1-9]\d{0,14}$/;
const GALLERY_KEY = /^[A-Za-z0-9_-]{1,40}$/;
const ICON_KEY = /^[a-z0-9_-]{1,30}$/;
const FILE = /^file(\d{1,2})$/;
// An ISO 8601 instant with an explicit zone, so server and browser agree on the moment.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

function split(body: string, parts: number): string[] | null {
  const p = body.split('|');
  return p.length === parts ? p : null;
}

/** The token for a sigil and body, or null when it is not a valid token (it then stays text). */
export function parseToken(sigil: string, body: string): Token | null {
  switch (sigil) {
    case '@':
      return USER_ID.test(body) ? { kind: 'space', userId: body } : null;
    case '$': {
      const [boardId = '', category = 'c0', extra] = body.split('|');
      if (extra !== undefined || !BOARD_ID.test(boardId) || !CATEGORY.test(category)) return null;
      return { kind: 'board', boardId, category };
    }
    case '*': {
      const keys = body.split(',');
      if (keys.length > 20 || !keys.every((k) => KEY.test(k))) return null;
      return { kind: 'market', keys: keys.map(Number) };
    }
    case '!': {
      const p = split(body, 2);
      if (!p || !KEY.test(p[0]!) || !INSTANT.test(p[1]!)) return null;
      const end = new Date(p[1]!);
      if (Number.isNaN(end.getTime())) return null;
      return { kind: 'countdown', key: Number(p[0]), end: end.toISOString() };
    }
    case '~': {
      const p = split(body, 2);
      if (!p || !USER_ID.test(p[0]!) || !GALLERY_KEY.test(p[1]!)) return null;
      return { kind: 'museum', userId: p[0]!, galleryKey: p[1]! };
    }
    case '^':
      return ICON_KEY.test(body) ? { kind: 'icon', key: body } : null;
    case '+': {
      const p = split(body, 2);
      const file = p && FILE.exec(p[1]!);
      if (!p || !file || !KEY.test(p[0]!)) return null;
      return { kind: 'image', postKey: Number(p[0]), file: Number(file[1]) };
    }
    default:
      return null;
  }
}

const a = (cls: string, href: string, label: string) =>
  `<a class="${cls}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

function marketLabel(key: number, ctx: RenderContext): string {
  const item = ctx.marketItem?.(key);
  if (!item) return `#${CONTENT_TEXT.market} ${key}`;
  const price = item.price == null ? '' : ` ${formatNumber(item.price)}${CONTENT_TEXT.won}`;
  return `#${item.subject}${price}${item.status ? ` (${item.status})` : ''}`;
}

/** The markup for a token, or null when it cannot be shown (it then stays as written). */
export function renderToken(token: Token, ctx: RenderContext = {}): string | null {
  switch (token.kind) {
    case 'space':
      return a('tok-space', `/space/${pathPart(token.userId)}`, `@${ctx.nickName?.(token.userId) ?? token.userId}`);
    case 'board':
      return a(
        'tok-board',
        `/board/${pathPart(token.boardId)}/${pathPart(token.category)}/list`,
        ctx.boardName ? (ctx.boardName(token.boardId) ?? CONTENT_TEXT.board) : token.boardId,
      );
    case 'market': {
      const links = token.keys.map((k) => a('tok-market', `/market/view/${k}`, marketLabel(k, ctx)));
      return links.length === 1 ? links[0]! : `<span class="tok-market-tags">${links.join(', ')}</span>`;
    }
    case 'countdown': {
      // The auction's own end when the lookup knows it (bids near the end move it); the typed
      // end otherwise. The browser turns the text into a ticking countdown (startCountdowns);
      // without script the reader still sees when the auction ends.
      const real = ctx.marketItem?.(token.key)?.auctionEnd;
      const end = real && !Number.isNaN(Date.parse(real)) ? real : token.end;
      return (
        `<a class="tok-auction" href="/market/view/${token.key}">${CONTENT_TEXT.auction} ` +
        `<span class="tok-countdown" data-end="${escapeHtml(end)}">` +
        `${escapeHtml(formatDateTime(end))} ${CONTENT_TEXT.endsAt}</span></a>`
      );
    }
    case 'museum':
      return a(
        'tok-museum',
        `/space/${pathPart(token.userId)}/museum/show/${pathPart(token.galleryKey)}`,
        ctx.exhibitTitle?.(token.userId, token.galleryKey) ?? `${CONTENT_TEXT.exhibit} ${token.galleryKey}`,
      );
    case 'icon': {
      const name = ctx.emoticons?.get(token.key);
      if (name === undefined) return null;
      return `<img class="tok-icon" src="${emoticonSrc(token.key)}" alt="${escapeHtml(name)}">`;
    }
    case 'image': {
      const fileKey = ctx.postFiles?.(token.postKey)?.[token.file];
      if (fileKey === undefined) return null;
      const src = safeImageSrc((ctx.fileUrl ?? fileDownloadUrl)(fileKey));
      if (!src || fileRefIndex(src) !== null) return null;
      return `<img class="content-img tok-image" src="${escapeHtml(src)}" alt="" loading="lazy">`;
    }
  }
}
