// Words a member sees or hears of a page's controls, and those of them that are English: the
// scan reads aria-label, title, placeholder, alt and the text of buttons, links, labels and tabs,
// and flags ASCII words not on the allowlist (brand and product names, units, EXIF, the footer's
// links). Words that come from the site's data (a member's id, a product's name, read from the
// calls' answers while the page loads) are not labels.
import type { Page } from 'playwright-core';

// The browser's document, inside evaluate (this project type-checks without the DOM lib).
interface El {
  getAttribute(name: string): string | null;
  innerText: string;
  tagName: string;
  getClientRects(): { length: number };
  closest(selector: string): El | null;
}
declare const document: { querySelectorAll(selector: string): ArrayLike<El>; querySelector(selector: string): El | null };

/** Words that may stay in Latin letters: the brand, the footer's links, units, formats, EXIF, makers. */
const ALLOWED = new Set(
  [
    // The footer's links and the brand.
    'Chalkak', 'ABOUT', 'TERMS', 'AND', 'CONDITIONS', 'HISTORY', 'SPECIAL', 'THANKS', 'DONATIONS', 'HELP', 'Since',
    // Units, formats and standards.
    'KB', 'MB', 'GB', 'TB', 'px', 'mm', 'cm', 'kg', 'ISO', 'EXIF', 'JPEG', 'JPG', 'PNG', 'GIF', 'WebP', 'HEIC', 'RAW', 'URL', 'HTML',
    'RSS', 'API', 'ID', 'PC', 'SNS', 'OK', 'IP', 'CSV', 'QR', 'AF', 'MF', 'OIS', 'IS', 'VR', 'AM', 'PM', 'sec', 'EV',
    // Camera makers and systems.
    'Canon', 'Nikon', 'Sony', 'Fujifilm', 'FUJIFILM', 'Olympus', 'OLYMPUS', 'Panasonic', 'Pentax', 'PENTAX', 'Leica', 'Sigma', 'Tamron',
    'Tokina', 'Samyang', 'Ricoh', 'RICOH', 'Hasselblad', 'Zeiss', 'Voigtlander', 'Voigtländer', 'Samsung', 'Minolta', 'Konica',
    'Kodak', 'Contax', 'Mamiya', 'Laowa', 'Viltrox', 'Yongnuo', 'Apple', 'iPhone', 'DJI', 'GoPro', 'OM', 'SYSTEM', 'Lumix', 'LUMIX',
    'EOS', 'EF', 'RF', 'USM', 'Nikkor', 'NIKKOR', 'FE', 'GM', 'OSS', 'Mark', 'II', 'III', 'IV', 'DSLR', 'SLR',
    // The catalogue's source and licence, named as their authors write them.
    'lensfun', 'CC', 'BY', 'SA',
  ].map((w) => w.toLowerCase()),
);

/** What a member sees or hears of each control on the page, with where it was found. */
export function labelsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const add = (el: El, what: string, text: string | null) => {
      if (text && text.trim()) out.push(`${el.tagName.toLowerCase()}[${what}] ${text.trim().replace(/\s+/g, ' ')}`);
    };
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt], [aria-roledescription]'))) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-roledescription']) add(el, attr, el.getAttribute(attr));
    }
    const controls = 'button, a, label, legend, th, option, [role="button"], [role="tab"], [role="menuitem"], [role="switch"], [role="option"], input[type="button"], input[type="submit"]';
    for (const el of Array.from(document.querySelectorAll(controls))) {
      // Content members wrote (a post body) is theirs, not a label of ours.
      if (el.getClientRects().length === 0 || el.closest('.rich-content, .ProseMirror')) continue;
      add(el, 'text', el.innerText);
    }
    return out;
  });
}

/** The ASCII words of a label that are not allowed. Data shown in it (a product's name) is taken
 * out first, and addresses (anything with a slash) are not words. */
export function englishWords(label: string, data: readonly string[]): string[] {
  let text = label.replace(/^\S+ /, '');
  for (const value of data) text = text.split(value).join(' ');
  // Nor is a token that runs Hangul and Latin letters together: that is a member's nickname or
  // other data ("사진가9fosw1"), made by other test files on the same site, never a label of ours.
  text = text
    .split(/\s+/)
    .filter((token) => !token.includes('/') && !(/[가-힣]/.test(token) && /[A-Za-z]/.test(token)))
    .join(' ');
  return (text.match(/[A-Za-z]+/g) ?? []).filter((w) => w.length >= 2 && !ALLOWED.has(w.toLowerCase()));
}

/** Fields of the calls' answers that carry members' and the catalogue's own words. */
const DATA_FIELDS = new Set(['userId', 'nickName', 'name', 'nameKo', 'brand', 'company', 'mount', 'summary', 'model', 'maker', 'make', 'lensModel', 'exifNames', 'title', 'subject', 'targetKey', 'pattern']);

function collectData(value: unknown, into: Set<string>, field = '') {
  if (typeof value === 'string') {
    if (DATA_FIELDS.has(field) && /[A-Za-z]/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) collectData(v, into, field);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectData(v, into, k);
  }
}


/** Watches a page's answers; after each route is opened, `english()` names the labels with English words. */
export function watchLabels(page: Page) {
  let data = new Set<string>();
  let reading: Promise<void>[] = [];
  page.on('response', (res) => {
    if (!res.url().includes('/api/') || !(res.headers()['content-type'] ?? '').includes('json')) return;
    const into = data;
    reading.push(
      res
        .json()
        .then((body: unknown) => collectData(body, into))
        .catch(() => undefined),
    );
  });
  return {
    /** Before opening a route: forget the last one's data. */
    reset() {
      data = new Set();
      reading = [];
    },
    async english(): Promise<string[]> {
      const labels = await labelsOnPage(page);
      // Every answer the page had when its labels were read is in: an answer that came in just
      // before (a list after its heading) is read here, after the labels, not only those before.
      await Promise.all(reading);
      // Longest first, so a product's full name goes before its maker's.
      const values = [...data].sort((a, b) => b.length - a.length);
      return labels.flatMap((label) => {
        const found = englishWords(label, values);
        return found.length > 0 ? [`${label} → ${found.join(', ')}`] : [];
      });
    },
  };
}
