// The product map pattern language: words, stars, quoted phrases, Korean, and what it refuses.
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/errors.js';
import { compileMapPattern, compileMapRules, findMappedProduct, parseMapPattern } from './map-pattern.js';

const matches = (pattern: string, title: string) => compileMapPattern(pattern).test(title);

describe('plain words', () => {
  it('needs every word, in any order, ignoring case and width', () => {
    expect(matches('소니 a7m3', '[판매] 소니 A7M3 바디 팝니다')).toBe(true);
    expect(matches('a7m3 소니', '소니 Ａ７Ｍ３ 풀박스')).toBe(true);
    expect(matches('소니 a7m3', 'A7M3 팝니다')).toBe(false);
  });

  it('ignores spacing and punctuation inside a word', () => {
    expect(matches('mark4', 'Canon 5D Mark 4')).toBe(true);
    expect(matches('24-70', '시그마 24 70 렌즈')).toBe(true);
    expect(matches('2470', 'FE 24-70mm GM')).toBe(false); // "70mm" continues past the word
    expect(matches('24-70mm', 'FE 24-70mm GM')).toBe(true);
    expect(matches('eos5d', 'Canon EOS 5D')).toBe(true);
  });

  it('keeps Latin and digit words whole', () => {
    expect(matches('a7', 'Sony A7 III')).toBe(true);
    expect(matches('a7', 'Sony A7R III')).toBe(false);
    expect(matches('5d', 'Canon EOS 50D')).toBe(false);
    expect(matches('5d', 'Canon 5D마크4')).toBe(true); // a change of script ends the word
  });

  it('finds Korean words inside longer ones (particles, spacing)', () => {
    expect(matches('캐논', '캐논을 팝니다')).toBe(true);
    expect(matches('마크4', '5D 마크 4 팝니다')).toBe(true);
    expect(matches('니콘', '중고니콘 D750')).toBe(true);
    expect(matches('니콘', '캐논 6D')).toBe(false);
  });
});

describe('stars', () => {
  it('match any letters or digits, none included', () => {
    expect(matches('a7*', 'Sony A7R III')).toBe(true);
    expect(matches('a7*', 'Sony A7 III')).toBe(true);
    expect(matches('5d*4', 'Canon 5D Mark 4')).toBe(true);
    expect(matches('5d*4', 'Canon 5D마크4')).toBe(true);
    expect(matches('5d*4', 'Canon 5D Mark III')).toBe(false);
    expect(matches('*5d', 'Canon EOS5D')).toBe(true);
  });

  it('are cheap even when many stars meet a long title', () => {
    const title = 'a'.repeat(5000);
    const started = performance.now();
    expect(matches('a*a*a*a*a*a*b', title)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('take regular expression characters literally', () => {
    expect(matches('f2.8', 'Tamron 28-75 F2.8')).toBe(true);
    expect(matches('[a-z]+', 'abc 렌즈')).toBe(false);
    expect(matches('[a-z]+', 'a-z 렌즈')).toBe(true);
  });
});

describe('quoted phrases', () => {
  it('must appear as written', () => {
    expect(matches('"gm ii"', 'FE 24-70 GM II 팝니다')).toBe(true);
    expect(matches('"gm ii"', 'FE 24-70 GMII 팝니다')).toBe(false);
    expect(matches('"gm ii" 24-70*', 'FE 24-70mm F2.8 GM  II')).toBe(true);
  });
});

describe('refusals (Korean 400)', () => {
  const refuses = (pattern: string, message: RegExp) => {
    try {
      parseMapPattern(pattern);
    } catch (e) {
      expect(e).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(400);
      expect((e as HttpError).message).toMatch(message);
      return;
    }
    throw new Error(`accepted: ${pattern}`);
  };

  it('refuses patterns with nothing to look for', () => {
    refuses('- / !', /글자나 숫자/);
    refuses('""', /글자나 숫자/);
    refuses('"--"', /따옴표 안에는/);
  });
  it('refuses a word of stars only', () => refuses('소니 *', /별표/));
  it('refuses more than 8 words', () => refuses('a b c d e f g h i', /8개/));
  it('refuses an unclosed quote', () => refuses('"gm ii', /따옴표/));
});

describe('rule order', () => {
  it('prefers the more specific rule, then the older one', async () => {
    const rules = compileMapRules([
      { id: 1, productId: 10, pattern: 'a7*' },
      { id: 2, productId: 20, pattern: 'a7m3' },
      { id: 3, productId: 30, pattern: 'a7m3' },
    ]);
    expect((await findMappedProduct(rules, 'A7M3 팝니다'))?.productId).toBe(20);
    expect((await findMappedProduct(rules, 'A7R2 팝니다'))?.productId).toBe(10);
    expect(await findMappedProduct(rules, '니콘 D850')).toBeNull();
  });

  it('spells the same rule one way', () => {
    expect(parseMapPattern('A7M3  소니').canonical).toBe(parseMapPattern('소니 a7-m3').canonical);
  });
});
