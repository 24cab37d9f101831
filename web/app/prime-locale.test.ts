import { localeOption, localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { installKoreanLocale } from './prime-locale';

// Values that are formats or units, not words a member reads.
const NOT_TEXT = new Set(['dateFormat', 'fileSizeTypes']);

/** Every text PrimeReact's English locale has (top level and aria), as "key" or "aria.key". */
function englishTexts(): [string, string][] {
  const en = localeOptions('en') as Record<string, unknown> & { aria: Record<string, string> };
  const top = Object.entries(en).flatMap(([key, value]) =>
    NOT_TEXT.has(key) ? [] : typeof value === 'string' ? [[key, value]] : Array.isArray(value) ? value.map((v, i) => [`${key}.${i}`, String(v)]) : [],
  );
  return [...(top as [string, string][]), ...Object.entries(en.aria).map(([key, value]): [string, string] => [`aria.${key}`, value])];
}

function koreanText(path: string): unknown {
  const ko = localeOptions('ko') as Record<string, unknown>;
  return path.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], ko);
}

/** ASCII words left once placeholders such as {page} are taken out. */
const englishWords = (text: string) => text.replace(/\{[^}]*\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];

describe('installKoreanLocale', () => {
  installKoreanLocale();

  it('gives every PrimeReact text, aria labels included, a Korean value', () => {
    const missing = englishTexts().filter(([path]) => typeof koreanText(path) !== 'string');
    expect(missing.map(([path]) => path)).toEqual([]);
    const english = englishTexts().filter(([path]) => englishWords(String(koreanText(path))).length > 0);
    expect(english.map(([path]) => `${path}: ${String(koreanText(path))}`)).toEqual([]);
  });

  it('names the password toggle in Korean', () => {
    expect(localeOption('aria', 'ko')).toMatchObject({ passwordShow: '암호 보이기', passwordHide: '암호 숨기기' });
  });

  it('keeps the placeholders PrimeReact fills in', () => {
    for (const [path, en] of englishTexts()) {
      const holes = (text: string) => (text.match(/\{[^}]*\}/g) ?? []).sort();
      expect(holes(String(koreanText(path))), path).toEqual(holes(en));
    }
  });
});
