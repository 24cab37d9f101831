// Emoticons come from the community setting, "key/name,key/name" (docs/product/site.md#community-setup), e.g.
// "smile/웃음,wink/윙크". The key names the picture file, the name is its alternative text.

const KEY = /^[a-z0-9_-]{1,30}$/;

/** Key -> name, in setting order. Entries with a bad key or no name are skipped. */
export function parseEmoticons(setting: string): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const entry of setting.split(',')) {
    const cut = entry.indexOf('/');
    if (cut < 0) continue;
    const key = entry.slice(0, cut).trim();
    const name = entry.slice(cut + 1).trim();
    if (KEY.test(key) && name && !map.has(key)) map.set(key, name);
  }
  return map;
}

export function emoticonSrc(key: string): string {
  return `/images/emoticons/${key}.svg`;
}

// The exact markup renderToken gives ^{key} (tokens.ts).
const RENDERED = /<img class="tok-icon" src="\/images\/emoticons\/([a-z0-9_-]{1,30})\.svg" alt="[^"<>]*">/g;

/**
 * Rendered content with each emoticon picture turned back into its ^{key} token, for the edit
 * box: the stored text keeps the token, and the sanitiser would not keep the picture.
 */
export function emoticonsToTokens(html: string): string {
  return html.replace(RENDERED, '^{$1}');
}
