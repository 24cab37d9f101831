import { describe, expect, it } from 'vitest';
import { LETTER_LABEL, letterContentRule } from './api/letters.js';
import { cleanNickName, cleanText, hasVisible, stripBidi } from './text.js';
import { firstIssue, nickNameRule, requiredText, text } from './validation.js';

describe('cleanText and stripBidi', () => {
  it('remove every bidi embedding, override and isolate control', () => {
    expect(stripBidi('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanText('a\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069b')).toBe('ab');
  });
  it('remove control characters but keep tabs and line breaks', () => {
    expect(cleanText('a\u0000b\u0007c\u007f\u0085d\te\r\nf')).toBe('abcd\te\r\nf');
  });
});

describe('hasVisible', () => {
  it('is false for spaces, zero-width characters, fillers and joiners alone', () => {
    for (const s of ['', ' ', '\u200B', '\u200C\u200D\u2060\uFEFF', '\u3164', '\u115F\u1160\uFFA0', '\u034F\uFE0F', '\u3000\u00A0', '\u2800', '\u202E']) {
      expect(hasVisible(s), JSON.stringify(s)).toBe(false);
    }
  });
  it('is true once one character shows', () => {
    for (const s of ['가', ' a ', '\u200B.', '😀']) expect(hasVisible(s)).toBe(true);
  });
});

describe('required text rules', () => {
  it('treat invisible-only input as empty, on both sides', () => {
    const subject = requiredText('제목', 200).safeParse(' \u200B\u3164 ');
    expect(subject.success).toBe(false);
    expect(firstIssue(subject.error!)).toBe('제목은 필수 입력 항목입니다.');
    const letter = letterContentRule.safeParse('\u200B\n\u3164');
    expect(firstIssue(letter.error!)).toBe(`${LETTER_LABEL.content}은 필수 입력 항목입니다.`);
  });
  it('store the text without bidi controls', () => {
    expect(requiredText('제목').parse(' 청구서\u202Efdp.exe ')).toBe('청구서fdp.exe');
    expect(text('내용').parse('<p>\u2066a\u2069</p>')).toBe('<p>a</p>');
  });
});

describe('cleanNickName', () => {
  it('folds full-width letters, removes fillers and invisible characters, keeps Hangul', () => {
    expect(cleanNickName('ａｄｍｉｎ')).toBe('admin');
    expect(cleanNickName('운영자\u3164')).toBe('운영자');
    expect(cleanNickName('\uFFA0운\u034F영\u200B자\uFE0F\u115F\u1160')).toBe('운영자');
    expect(cleanNickName('  사진   좋아 ')).toBe('사진 좋아');
    expect(cleanNickName('\u1112\u1161\u11ab\u200B\u1100\u1173\u11af')).toBe('한글');
    expect(cleanNickName('ㅋㅋ사진ㅎㅎ')).toBe('ㅋㅋ사진ㅎㅎ');
    expect(cleanNickName('ﾡﾡ')).toBe('ﾡﾡ');
  });
  it('is what nickNameRule stores', () => {
    expect(nickNameRule.parse('ｆｉｌｍ\u3164 사진')).toBe('film 사진');
    expect(firstIssue(nickNameRule.safeParse('\u3164\u3164\u3164').error!)).toBe('닉네임은 필수 입력 항목입니다.');
    expect(firstIssue(nickNameRule.safeParse('!!!').error!)).toBe('닉네임에는 글자나 숫자가 하나 이상 있어야 합니다.');
  });
});
