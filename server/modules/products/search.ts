// The pickers' product search over the in-memory index: sloppy queries find what a member
// means. "5d4" / "5d mark4" (EOS 5D Mark IV), "오두막" (a nickname), "50.8" (50mm f/1.8),
// "24-70" / "2470", "캐논 24-70", "니콘". Every word of the query must be found; the order is
// exact name, then names that start with the query, then the rest (bodies before lenses).
import type { ProductType } from '../../../common/products/makers.js';
import type { IndexedProduct, ProductIndex } from './product-index.js';
import { searchCompact, searchFold } from './search-text.js';

/**
 * Nicknames Korean members use for famous products, as the query they stand for. Only the
 * well-settled ones: 오두막 (Canon 5D Mark II, "five-D-mark-two"), 오막삼/오막사 (Mark III/IV),
 * 쩜팔 / 쩜사 (50mm f/1.8 and f/1.4 primes), 엄마백통/아빠백통 (Canon's white 70-200mm f/4L and f/2.8L).
 */
export const NICKNAMES: Record<string, string> = {
  오두막: 'canon 5d mark ii',
  오막삼: 'canon 5d mark iii',
  오막사: 'canon 5d mark iv',
  쩜팔: '50.8',
  쩜사: '50.4',
  엄마백통: 'canon ef 70-200mm f4l',
  아빠백통: 'canon ef 70-200mm f2.8l',
};

/** How many products the picker call answers with. */
export const PICKER_LIMIT = 10;

interface Term {
  /** Compact text that must be inside the product's words. */
  text: string;
  /** Or a lens with this focal length ("24-70", "50")… */
  focal?: string;
  /** …and/or this widest aperture ("1.8"). */
  aperture?: string;
}

const n = (s: string) => String(+s);

/** A 4–6 digit run read as a zoom range: "2470" → 24-70, "70200" → 70-200 (wide end first). */
function splitRange(d: string): string | undefined {
  for (let i = 1; i < d.length; i++) {
    const lo = +d.slice(0, i);
    const hi = +d.slice(i);
    if (d[i] !== '0' && lo >= 7 && hi > lo && hi <= 1200 && lo <= 600) return `${lo}-${hi}`;
  }
  return undefined;
}

/** One query word → what it may mean. */
function termOf(word: string): Term | null {
  const text = searchCompact(word);
  if (!text) return null;
  let m: RegExpExecArray | null;
  // "50.8" → 50mm f/1.8 (two or three digits, then the aperture's tenth).
  if ((m = /^(\d{2,3})\.([1-9])$/.exec(word))) return { text, focal: n(m[1]!), aperture: `1.${m[2]}` };
  if ((m = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)(?:mm)?$/.exec(word))) return { text, focal: `${n(m[1]!)}-${n(m[2]!)}` };
  if ((m = /^(\d+(?:\.\d+)?)mm$/.exec(word))) return { text, focal: n(m[1]!) };
  if ((m = /^f\/?(\d+(?:\.\d+)?)$/.exec(word)) || (m = /^(\d\.\d)$/.exec(word))) return { text, aperture: n(m[1]!) };
  if (/^\d{4,6}$/.test(word)) {
    const focal = splitRange(word);
    if (focal) return { text, focal };
  }
  return { text };
}

/** The query's words, nicknames replaced; "mark 4" and "mk iv" already one word ("mk4"). */
export function parseQuery(q: string): Term[] {
  let s = searchFold(q);
  for (const [nick, meant] of Object.entries(NICKNAMES)) s = s.split(nick).join(` ${meant} `);
  // "캐논24-70": Korean and Latin or digits written together are separate words.
  s = s.replace(/(\p{Script=Hangul})(?=[^\p{Script=Hangul}\s])|([^\p{Script=Hangul}\s])(?=\p{Script=Hangul})/gu, '$1$2 ');
  s = searchFold(s.replace(/f\s*\/\s*/g, 'f'));
  return s
    .split(/[\s,()|/]+/)
    .map((w) => termOf(w.replace(/^[.-]+|[.-]+$/g, '')))
    .filter((t): t is Term => t !== null);
}

function termMatches(p: IndexedProduct, t: Term): boolean {
  if (t.focal || t.aperture) {
    const lensOk = p.type === 'lens' && (!t.focal || p.search.focals.includes(t.focal)) && (!t.aperture || p.search.apertures.includes(t.aperture));
    if (lensOk) return true;
    // "50.8" is a lens spec, never text; "24-70" and "2470" may also be text ("EF2470" is not common).
    if (t.aperture) return false;
  }
  return p.search.hay.includes(t.text);
}

/**
 * How well one word meets a product's names, lower is better: 0 a whole name ("k1"), 1 the start
 * of a name where a new part begins ("k1" in "k1mk2"), 2 the start of a longer number ("k1" in
 * "k10d"), 3 inside a name, 4 only in the other words (maker, type, mount) or by spec.
 */
function wordRank(p: IndexedProduct, text: string): number {
  let r = 4;
  for (const name of p.search.names) {
    if (name === text) return 0;
    if (name.startsWith(text)) r = Math.min(r, /\d/.test(text.at(-1)!) && /\d/.test(name[text.length]!) ? 2 : 1);
    else if (r > 3 && name.includes(text)) r = 3;
  }
  return r;
}

/** Lower is better: the whole query as a name, else its worst word. */
function rank(p: IndexedProduct, whole: string, terms: Term[]): number {
  if (whole && p.search.names.includes(whole)) return 0;
  let worst = 0;
  let any = false;
  for (const t of terms) {
    // Maker and type words ("캐논", "렌즈") and specs do not rank.
    if (t.focal || t.aperture || /^\p{Script=Hangul}+$/u.test(t.text)) continue;
    any = true;
    worst = Math.max(worst, wordRank(p, t.text));
  }
  return any ? 1 + worst : 3;
}

const TYPE_ORDER: Record<string, number> = { body: 0, lens: 1, flash: 2, accessory: 3 };

export interface SearchOptions {
  type?: ProductType | undefined;
  /** A maker key; 'all' or absent for every maker. */
  company?: string | undefined;
  /** At most this many (all when absent). */
  limit?: number | undefined;
}

/** Products matching a query, best first. */
export function searchProducts(index: ProductIndex, q: string, opts: SearchOptions = {}): IndexedProduct[] {
  const terms = parseQuery(q);
  if (terms.length === 0) return [];
  const whole = searchCompact(searchFold(q));
  const hits: Array<{ p: IndexedProduct; r: number }> = [];
  for (const p of index.all) {
    if (opts.type && p.type !== opts.type) continue;
    if (opts.company && opts.company !== 'all' && p.company !== opts.company) continue;
    if (!terms.every((t) => termMatches(p, t))) continue;
    hits.push({ p, r: rank(p, whole, terms) });
  }
  hits.sort(
    (a, b) =>
      a.r - b.r ||
      TYPE_ORDER[a.p.type]! - TYPE_ORDER[b.p.type]! ||
      // The camera makers' own lenses before third-party ones.
      Number(a.p.company === 'other') - Number(b.p.company === 'other') ||
      // The plain model before its variants ("EOS 5D" before "EOS 5DS R").
      a.p.name.length - b.p.name.length ||
      a.p.brand.localeCompare(b.p.brand) ||
      a.p.name.localeCompare(b.p.name) ||
      a.p.id - b.p.id,
  );
  const list = hits.map((h) => h.p);
  return opts.limit ? list.slice(0, opts.limit) : list;
}
