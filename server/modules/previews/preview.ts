// What a link preview says about a page, before it becomes tags (inject.ts): the page's own title
// and text, the picture and the address it calls its own. Anything a visitor may not read
// previews as the site itself (SITE), so nothing of it leaks into a chat.
import { htmlToPlainText } from '../../../common/content/plain-text.js';
import { TOKEN_SOURCE } from '../../../common/content/tokens.js';

export interface PreviewImage {
  /** A site path (/api/file/down/…, /og-default.png); made absolute when the page is sent. */
  path: string;
  width: number | null;
  height: number | null;
}

export interface Preview {
  /** The page's own title; null: the site's name. */
  title: string | null;
  /** Plain text; null: the site's description. */
  description: string | null;
  /** null: the site's default picture. */
  image: PreviewImage | null;
  /** The canonical path of the page (the site root for the site itself). */
  path: string;
}

/** The site itself: what a closed, deleted or unknown page previews as. */
export const SITE: Preview = { title: null, description: null, image: null, path: '/' };

/** A picture made for previews (1200 × 630, web/public): pages without a photo of their own. */
export const DEFAULT_IMAGE: PreviewImage = { path: '/og-default.png', width: 1200, height: 630 };

/** Crawlers cut descriptions short anyway; 150 characters read whole in KakaoTalk and elsewhere. */
export const DESCRIPTION_MAX = 150;

const TOKENS = new RegExp(TOKEN_SOURCE, 'g');

/** Text cut at max characters (whole code points), with an ellipsis when cut. */
export function shorten(text: string, max = DESCRIPTION_MAX): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? chars.slice(0, max - 1).join('').trimEnd() + '…' : chars.join('');
}

/**
 * Stored post HTML -> a short plain description. Content tokens (@{member}, ${board} …) go: the
 * page shows them as names the reader may see, which a preview cannot look up cheaply.
 */
export function describeHtml(html: string): string {
  return shorten(htmlToPlainText(html, DESCRIPTION_MAX * 4).replace(TOKENS, ' '));
}
