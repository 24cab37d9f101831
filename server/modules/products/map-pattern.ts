// Product map patterns: the small title language admins write instead of regular expressions
// (a typo in a regular expression can match everything or hang the server; this cannot).
//
//   소니 a7m3          plain words: every one must appear in the title, in any order
//   5d*4               '*' inside a word: any letters or digits, none included ("5D Mark 4", "5D마크4")
//   "24-70 gm"         a quoted phrase: must appear as written (case and width ignored)
//
// Titles and patterns are compared after NFKC and lower-casing. Plain words ignore spacing and
// punctuation ("24-70" finds "24 70" and "2470"; "mark4" finds "Mark 4"), but a Latin or digit
// word must start and end where the title's word does: "a7" finds "A7 III" and not "A7R"
// (write "a7*" for every A7). Korean words may sit inside a longer word, so "캐논" finds "캐논을".
import { asc, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { productMaps } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';

export const MAX_PATTERN_WORDS = 8;

const STAR = -1;
type Word = (string | typeof STAR)[];

export interface ParsedPattern {
  /** Plain words as letters/digits and STAR, compared on the compact title. */
  words: Word[];
  /** Quoted phrases, folded (NFKC, lower-case, spaces collapsed), found as substrings. */
  phrases: string[];
  /** Letters and digits the pattern names: more means more specific. */
  specificity: number;
  /** The pattern in one spelling, so two ways of writing the same rule compare equal. */
  canonical: string;
}

export interface CompiledPattern extends ParsedPattern {
  test(title: string): boolean;
}

const isLetterOrDigit = (c: string) => /[\p{L}\p{N}]/u.test(c);
const isHangul = (c: string) => /\p{Script=Hangul}/u.test(c);
/** Hangul, Latin/digits, and other letters are separate runs: "5D마크4" is 5d | 마크 | 4. */
const charClass = (c: string) => (isHangul(c) ? 'h' : /[\p{Script=Latin}\p{N}]/u.test(c) ? 'l' : 'o');

const fold = (text: string) => text.normalize('NFKC').toLowerCase();
const foldPhrase = (text: string) => fold(text).replace(/\s+/g, ' ').trim();

/** Parses a pattern; a pattern the language cannot use is a 400 with a Korean message. */
export function parseMapPattern(pattern: string): ParsedPattern {
  const text = fold(pattern);
  if ((text.match(/"/g)?.length ?? 0) % 2 === 1) throw badRequest('따옴표(")를 닫아 주세요.');
  const words: Word[] = [];
  const phrases: string[] = [];
  // Odd pieces between quotes are phrases, even ones hold plain words.
  text.split('"').forEach((piece, i) => {
    if (i % 2 === 1) {
      const phrase = foldPhrase(piece);
      if (!phrase) return;
      if (![...phrase].some(isLetterOrDigit)) throw badRequest('따옴표 안에는 글자나 숫자를 넣어 주세요.');
      phrases.push(phrase);
      return;
    }
    for (const raw of piece.split(/\s+/)) {
      const word: Word = [];
      for (const c of raw) {
        if (c === '*') {
          if (word[word.length - 1] !== STAR) word.push(STAR);
        } else if (isLetterOrDigit(c)) word.push(c);
        // Punctuation is ignored, as it is in titles.
      }
      if (word.length === 0) continue;
      if (word.every((w) => w === STAR)) throw badRequest('별표(*)만으로 된 낱말은 쓸 수 없습니다. 별표는 낱말 안에 넣어 주세요.');
      words.push(word);
    }
  });
  if (words.length + phrases.length === 0) throw badRequest('규칙에는 글자나 숫자가 있어야 합니다.');
  if (words.length + phrases.length > MAX_PATTERN_WORDS) throw badRequest(`낱말은 ${MAX_PATTERN_WORDS}개까지 쓸 수 있습니다.`);
  const wordText = words.map((w) => w.map((c) => (c === STAR ? '*' : c)).join(''));
  const specificity = wordText.join('').replace(/\*/g, '').length + phrases.join('').replace(/[^\p{L}\p{N}]/gu, '').length;
  const canonical = [...[...wordText].sort(), ...[...phrases].sort().map((p) => `"${p}"`)].join(' ');
  return { words, phrases, specificity, canonical };
}

/** A title as the matcher reads it: letters/digits only, and where the title's words break. */
interface CompactTitle {
  chars: string[];
  /** boundary[k]: a word of the title starts or ends between chars[k-1] and chars[k]. */
  boundary: boolean[];
  phraseText: string;
}

function compactTitle(title: string): CompactTitle {
  const chars: string[] = [];
  const boundary: boolean[] = [true];
  let gap = false;
  for (const c of fold(title)) {
    if (!isLetterOrDigit(c)) {
      gap = true;
      continue;
    }
    if (chars.length > 0) boundary[chars.length] = gap || charClass(chars[chars.length - 1]!) !== charClass(c);
    chars.push(c);
    gap = false;
  }
  boundary[chars.length] = true;
  return { chars, boundary, phraseText: foldPhrase(title) };
}

/**
 * Whether a word occurs in the title. A set-of-states walk over the word (as in a glob matcher),
 * so the work is title length × word length whatever the stars.
 */
function wordMatches(word: Word, t: CompactTitle): boolean {
  const n = t.chars.length;
  const m = word.length;
  const startsOk = (i: number) => t.boundary[i] || isHangul(t.chars[i]!);
  const endsOk = (j: number) => t.boundary[j] || isHangul(t.chars[j - 1]!);
  // A star may match nothing: a state before a star is also the state after it.
  const close = (states: Set<number>) => {
    for (const s of [...states]) for (let k = s; k < m && word[k] === STAR; k++) states.add(k + 1);
    return states;
  };
  let states = new Set<number>();
  for (let i = 0; i <= n; i++) {
    if (i < n && startsOk(i)) states.add(0);
    close(states);
    if (states.has(m) && i > 0 && endsOk(i)) return true;
    if (i === n) break;
    const c = t.chars[i]!;
    const next = new Set<number>();
    for (const s of states) {
      if (s === m) continue;
      if (word[s] === STAR) next.add(s);
      else if (word[s] === c) next.add(s + 1);
    }
    states = next;
  }
  return false;
}

/** A matcher for one pattern; throws a Korean 400 for a pattern the language cannot use. */
export function compileMapPattern(pattern: string): CompiledPattern {
  const parsed = parseMapPattern(pattern);
  return {
    ...parsed,
    test(title: string) {
      const t = compactTitle(title);
      return parsed.phrases.every((p) => t.phraseText.includes(p)) && parsed.words.every((w) => wordMatches(w, t));
    },
  };
}

export interface MapRule {
  id: number;
  productId: number;
  pattern: string;
}

export interface CompiledRule extends MapRule {
  matcher: CompiledPattern;
}

/**
 * Rules in the order they are tried: the most specific first (more letters and digits named),
 * then the oldest (lower id). So "a7m3" wins over "a7*" on "소니 A7M3", and of two equally
 * specific rules the one made first keeps its product. Rules that no longer parse are skipped.
 */
export function compileMapRules(rules: readonly MapRule[]): CompiledRule[] {
  const compiled: CompiledRule[] = [];
  for (const r of rules) {
    try {
      compiled.push({ ...r, matcher: compileMapPattern(r.pattern) });
    } catch {
      // Saved rules were checked on save; a rule the language later refuses simply never matches.
    }
  }
  return compiled.sort((a, b) => b.matcher.specificity - a.matcher.specificity || a.id - b.id);
}

/** Every rule from the database, compiled and ordered (see compileMapRules). */
export async function loadMapRules(db: Db, where?: SQL): Promise<CompiledRule[]> {
  const rows = await db
    .select({ id: productMaps.id, productId: productMaps.productId, pattern: productMaps.pattern })
    .from(productMaps)
    .where(where)
    .orderBy(asc(productMaps.id));
  return compileMapRules(rows);
}

/** The rule (and so the product) a title names, or null: the first of the ordered rules that matches. */
export async function findMappedProduct(source: Db | readonly CompiledRule[], title: string): Promise<CompiledRule | null> {
  const rules = Array.isArray(source) ? (source as readonly CompiledRule[]) : await loadMapRules(source as Db);
  return rules.find((r) => r.matcher.test(title)) ?? null;
}
