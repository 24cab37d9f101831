// Rendering on read, on both sides: content tokens, clickable links and video players made from
// text, and file references. It takes HTML the server has already sanitised (sanitize.ts) or
// plain text, and needs no HTML parser: sanitised HTML writes every "<" of text and every ">"
// of an attribute value as an entity, so each "<...>" in it is exactly one tag.
// This module must stay free of sanitize-html: the web app imports it.
import { decodeEntities, escapeHtml } from './escape.js';
import { resolveFileRefs } from './files.js';
import { parseToken, renderToken, TOKEN_SOURCE, type RenderContext, type Token } from './tokens.js';
import { embedVideoId, playerHtml, safeHref } from './urls.js';

export type { MarketItemRef, RenderContext } from './tokens.js';

// http(s) addresses written as text. Quotes, backticks, angle brackets and braces end one.
const URL_SOURCE = String.raw`https?:\/\/[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]+`;
const SCAN = new RegExp(`${TOKEN_SOURCE}|(${URL_SOURCE})`, 'gi');

/** "https://a.com/x)." written in a sentence: the closing mark and the full stop are not the URL's. */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const c = url[end - 1];
    if (c && '.,;:!?\'"'.includes(c)) end--;
    else if (c === ')' && count(url.slice(0, end), '(') < count(url.slice(0, end), ')')) end--;
    else if (c === ']' && count(url.slice(0, end), '[') < count(url.slice(0, end), ']')) end--;
    else return url.slice(0, end);
  }
}
const count = (s: string, c: string) => s.split(c).length - 1;

function linkHtml(url: string): string | null {
  const href = safeHref(url);
  if (!href || !URL.canParse(href)) return null;
  const id = embedVideoId(href);
  if (id) return playerHtml(id);
  const e = escapeHtml(href);
  return `<a href="${e}" rel="noopener noreferrer nofollow" target="_blank">${e}</a>`;
}

interface TextOptions {
  /** Plain text: newlines become line breaks. */
  newlines?: boolean;
}

/** Raw (decoded) text -> HTML with tokens and links; everything else is escaped. */
function renderText(text: string, ctx: RenderContext, options: TextOptions): string {
  const plain = (s: string) => {
    const e = escapeHtml(s);
    return options.newlines ? e.replace(/\r\n?|\n/g, '<br>') : e;
  };
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SCAN)) {
    const [whole, sigil, body, url] = m;
    let html: string | null = null;
    let used = whole;
    if (url) {
      used = trimUrl(url);
      html = linkHtml(used);
    } else if (sigil && body) {
      const token = parseToken(sigil, body);
      html = token && renderToken(token, ctx);
    }
    if (html === null) continue;
    out += plain(text.slice(last, m.index)) + html;
    last = m.index + used.length;
  }
  return out + plain(text.slice(last));
}

// Text inside these is left as written: a link inside a link is invalid, and code is code.
const LEAVE = new Set(['a', 'code', 'pre', 'iframe']);
const TAG = /<[^>]*>/g;
const TAG_NAME = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)/;

/**
 * Calls onText for each run of text of sanitised HTML (still entity-encoded) with whether it is
 * outside a, code and pre; returns the HTML with each run replaced by what onText returned.
 */
export function mapText(html: string, onText: (text: string, live: boolean) => string): string {
  let out = '';
  let last = 0;
  let inside = 0;
  for (const m of html.matchAll(TAG)) {
    out += onText(html.slice(last, m.index), inside === 0) + m[0];
    last = m.index + m[0].length;
    const t = TAG_NAME.exec(m[0]);
    if (t && LEAVE.has(t[2]!.toLowerCase()) && !m[0].endsWith('/>')) {
      inside = t[1] ? Math.max(0, inside - 1) : inside + 1;
    }
  }
  return out + onText(html.slice(last), inside === 0);
}

/**
 * Sanitised HTML -> the HTML to show: tokens, links and players from text outside a/code/pre,
 * and src="fileN" swapped for the content's own files when ctx.files is given.
 */
export function renderContent(sanitisedHtml: string, ctx: RenderContext = {}): string {
  const html = ctx.files ? resolveFileRefs(sanitisedHtml, ctx.files, ctx.fileUrl) : sanitisedHtml;
  return mapText(html, (text, live) => {
    // Runs without a sigil or an address are passed through untouched (the common case).
    if (!live || !/[@$*!~^+]\{|https?:\/\//i.test(text)) return text;
    return renderText(decodeEntities(text), ctx, {});
  });
}

/**
 * The valid tokens of content, in order, as renderContent (or, with plainText, renderPlainText)
 * would see them: for loading nicknames, titles and files in one query before rendering, and
 * for the mention alarms of @ tokens.
 */
export function listTokens(content: string, options: { plainText?: boolean } = {}): Token[] {
  const found: Token[] = [];
  const scan = (text: string) => {
    for (const m of text.matchAll(SCAN)) {
      const token = m[1] && m[2] ? parseToken(m[1], m[2]) : null;
      if (token) found.push(token);
    }
  };
  if (options.plainText) scan(content);
  else {
    mapText(content, (text, live) => {
      if (live) scan(decodeEntities(text));
      return text;
    });
  }
  return found;
}

/**
 * Plain text written by a member (comments, letters) -> HTML: escaped, newlines as line
 * breaks, then tokens and links. Needs no sanitiser, so the browser can use it for previews.
 */
export function renderPlainText(text: string, ctx: RenderContext = {}): string {
  return renderText(text, ctx, { newlines: true });
}

/** Plain text -> HTML with only line breaks (a quick reply's newlines, docs/product/letters.md#quick-reply). */
export function textToHtml(text: string): string {
  return escapeHtml(text).replace(/\r\n?|\n/g, '<br>');
}
