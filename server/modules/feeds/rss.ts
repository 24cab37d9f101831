// RSS 2.0 writing: a channel and its items as XML text. Every field arrives here as plain text
// (a subject, a nickname, an excerpt: member text) and leaves escaped twice: first for HTML, since
// RSS lets a reader render a description (and many a title) as HTML, then for XML by xmlText, so a
// character XML 1.0 forbids cannot break a feed reader's parser either. A feed carries no markup
// of its own: an excerpt is the post's plain text, never its HTML.
import { escapeHtml } from '../../../common/content/escape.js';

/** Every string is plain text; rssXml makes it safe to show as text or as HTML. */
export interface FeedItem {
  title: string;
  /** Absolute address of the item's page; also its guid (a permalink). */
  link: string;
  author: string;
  category?: string;
  description: string;
  published: Date;
  /** Absolute address of the first photo's preview size, when the item has a photo. */
  thumbnail?: string;
}

export interface FeedChannel {
  title: string;
  /** Absolute address of the page the feed follows. */
  link: string;
  /** Absolute address of the feed itself (atom:link rel="self", as validators ask). */
  self: string;
  description: string;
  /** The latest change among the items; absent for an empty feed (keeps the ETag stable). */
  lastBuild?: Date;
  items: FeedItem[];
}

// Characters outside XML 1.0's Char production, and lone surrogates (never valid UTF-8).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text -> XML character data or attribute value. */
export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * Text -> HTML that shows it, escaping only what HTML would read as markup: "<" opening a tag,
 * comment or declaration, "&" opening a character reference. Titles, authors and categories are
 * plain text to some readers and HTML to others; "A & B" or "1 < 2" then reads the same in both,
 * and only text that looks like markup shows escaped in a plain-text reader, never runs in the
 * other. Descriptions are HTML to every reader and get escapeHtml.
 */
export function inlineText(value: string): string {
  return value.replace(/&(?=[#A-Za-z0-9])/g, '&amp;').replace(/<(?=[A-Za-z/!?])/g, '&lt;');
}

/** RFC 822 date as RSS 2.0 wants it ("Mon, 23 Nov 2026 00:36:27 GMT"). */
export const rfc822 = (d: Date) => d.toUTCString();

const el = (name: string, value: string) => `<${name}>${xmlText(value)}</${name}>`;
/** Text escaped for HTML, then for XML: a field read as text or as HTML (title, author, category). */
const textEl = (name: string, value: string) => el(name, inlineText(value));
/** The same for a field every reader renders as HTML (description). */
const htmlEl = (name: string, value: string) => el(name, escapeHtml(value));

function itemXml(item: FeedItem): string {
  return [
    '<item>',
    textEl('title', item.title),
    el('link', item.link),
    `<guid isPermaLink="true">${xmlText(item.link)}</guid>`,
    el('pubDate', rfc822(item.published)),
    textEl('dc:creator', item.author),
    item.category ? textEl('category', item.category) : '',
    htmlEl('description', item.description),
    item.thumbnail ? `<media:thumbnail url="${xmlText(item.thumbnail)}"/>` : '',
    '</item>',
  ].join('');
}

export function rssXml(channel: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    textEl('title', channel.title),
    el('link', channel.link),
    `<atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>`,
    htmlEl('description', channel.description),
    el('language', 'ko'),
    channel.lastBuild ? el('lastBuildDate', rfc822(channel.lastBuild)) : '',
    ...channel.items.map(itemXml),
    '</channel>',
    '</rss>\n',
  ].join('');
}
