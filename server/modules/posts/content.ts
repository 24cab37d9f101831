// The one place boards, comments and alarms use the content module (common/content): sanitising
// on every write, plain text for the search index, rendering on every read.
import { parseEmoticons } from '../../../common/content/emoticons.js';
import { htmlToPlainText } from '../../../common/content/plain-text.js';
import { listTokens, type MarketItemRef, renderContent, renderPlainText, type RenderContext } from '../../../common/content/render.js';
import { sanitizeContent } from '../../../common/content/sanitize.js';
import { fileUrl } from '../../../common/content/urls.js';
import { stripBidi } from '../../../common/text.js';

/**
 * Member-written post HTML -> what is stored. Bidi controls go after sanitising, so those written
 * as character references (`&#x202E;`, decoded by the sanitiser) go too.
 */
export const sanitisePost = (html: string) => stripBidi(sanitizeContent(html));

/** Stored (sanitised) HTML -> its text, for the search index and alarm snippets. */
export const plainText = (html: string, max?: number) => htmlToPlainText(html, max);

export interface RenderLookups {
  nickNames: ReadonlyMap<string, string>;
  boardNames: ReadonlyMap<string, string>;
  /** Only the live items of a market the reader may read: any other key shows #매물 N. */
  marketItems: ReadonlyMap<number, MarketItemRef>;
  emoticons: string;
  /** The photos +{postKey|fileN} tokens may show (comments, posts/token-photos.ts); without it they stay text. */
  postFiles?: ReadonlyMap<number, readonly string[]>;
}

const context = (l: RenderLookups): RenderContext => ({
  nickName: (userId) => l.nickNames.get(userId),
  boardName: (boardId) => l.boardNames.get(boardId),
  marketItem: (key) => l.marketItems.get(key),
  emoticons: parseEmoticons(l.emoticons),
  ...(l.postFiles && { postFiles: (key: number) => l.postFiles!.get(key) }),
});

/** The emoticon setting as BoardInfo lists it, for the editors' pickers. */
export const emoticonList = (setting: string) => [...parseEmoticons(setting)].map(([key, name]) => ({ key, name }));


/** Stored post HTML -> the HTML to show; src="fileN" points at the post's Nth file. */
export function renderPost(html: string, files: ReadonlyArray<{ key: string; name: string }>, l: RenderLookups): string {
  const names = new Map(files.map((f) => [f.key, f.name]));
  return renderContent(html, {
    ...context(l),
    files: files.map((f) => f.key),
    fileUrl: (key) => fileUrl(key, names.get(key) ?? 'file'),
  });
}

/** A comment is plain text: escaped, newlines as line breaks, tokens rendered. */
export const renderComment = (text: string, l: RenderLookups) => renderPlainText(text, context(l));

/** Market items one content may name through * and ! tokens (each * token names at most 20). */
export const MARKET_KEYS_PER_CONTENT = 100;

/** What the renderer looks up for these contents: the members @ names, the market items * and ! name. */
export interface TokenRefs {
  userIds: string[];
  marketKeys: number[];
}

/** The refs of stored post HTML (outside links and code), or with plainText of comments. */
export function tokenRefs(contents: readonly string[], options: { plainText?: boolean } = {}): TokenRefs {
  const userIds = new Set<string>();
  const marketKeys = new Set<number>();
  for (const content of contents) {
    const mine = new Set<number>();
    for (const token of listTokens(content, options)) {
      if (token.kind === 'space') userIds.add(token.userId);
      const keys = token.kind === 'market' ? token.keys : token.kind === 'countdown' ? [token.key] : [];
      for (const k of keys) if (mine.size < MARKET_KEYS_PER_CONTENT) mine.add(k);
    }
    for (const k of mine) marketKeys.add(k);
  }
  return { userIds: [...userIds], marketKeys: [...marketKeys] };
}

/**
 * The userIds named by @{userId} tokens, for mention alarms and the renderer's nickname lookup:
 * in stored post HTML (outside links and code), or in a comment's plain text.
 */
export const mentionedUserIds = (content: string, options: { plainText?: boolean } = {}): string[] => tokenRefs([content], options).userIds;
