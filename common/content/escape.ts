// Escaping for HTML text and attribute values, and the reverse for text that is already HTML.
// Everything the content renderer writes goes through escapeHtml, so user text never becomes
// markup, whichever side (server or browser) renders it.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Safe in text and in a double- or single-quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * Decodes the entities that sanitised HTML contains: the sanitiser writes only &amp; &lt; &gt;
 * &quot; (and we write &#39; &#96;); numeric references are decoded too. Unknown names stay as
 * they are, which is harmless because the result is only ever escaped again or used as text.
 */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const hex = body[1] === 'x' || body[1] === 'X';
      const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
      // Null, surrogates and out-of-range code points are replaced as browsers do.
      if (!code || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}
