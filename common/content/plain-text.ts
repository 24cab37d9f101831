// Text of content without markup, for the search index (bigrams of the body, decision 20) and
// list previews. The result is text: whoever shows it must escape it like any other text.
import { decodeEntities } from './escape.js';

// Tags that separate words; inline ones (strong, a, span …) do not, so "<b>찰</b>칵" stays one word.
const BREAKING = /^<\/?(p|br|div|li|ul|ol|h[1-6]|blockquote|pre|hr|tr|td|th|table|thead|tbody|tfoot|caption|img|iframe)\b/i;

/** The text of (sanitised) HTML: tags removed, entities decoded, whitespace collapsed. */
export function htmlToPlainText(html: string, maxLength = Infinity): string {
  const text = decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<[^>]*>/g, (tag) => (BREAKING.test(tag) ? ' ' : '')),
  )
    .replace(/[\s\u00a0\u200b]+/g, ' ')
    .trim();
  return text.length > maxLength ? [...text].slice(0, maxLength).join('') : text;
}
