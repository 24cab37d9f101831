import { describe, expect, it } from 'vitest';
import { JoinForm } from './api/session.js';
import { dateText, firstIssue, msg, normaliseAnswer, numberText, text } from './validation.js';

describe('messages', () => {
  it('use the right particle for each label', () => {
    expect(msg.required('아이디')).toBe('아이디는 필수 입력 항목입니다.');
    expect(msg.required('닉네임')).toBe('닉네임은 필수 입력 항목입니다.');
    expect(msg.maxLength('암호', 100)).toBe('암호는 최대 100자까지 입력할 수 있습니다.');
    expect(msg.contentTooLarge(1)).toBe('내용은 최대 1MB까지 입력할 수 있습니다.');
  });
});

describe('normaliseAnswer', () => {
  it('trims, folds case and collapses inner spaces', () => {
    expect(normaliseAnswer('  Nikon   FM2 ')).toBe('nikon fm2');
    expect(normaliseAnswer('NIKON\tfm2')).toBe('nikon fm2');
  });
  it('composes Hangul written as separate jamo', () => {
    expect(normaliseAnswer('\u1112\u1161\u11ab')).toBe('한');
  });
});

describe('field rules', () => {
  it('number: digits only', () => {
    expect(numberText('가격').safeParse('12000').success).toBe(true);
    expect(numberText('가격').safeParse('-5').success).toBe(true);
    const bad = numberText('가격').safeParse('12,000');
    expect(bad.success).toBe(false);
    expect(firstIssue(bad.error!)).toBe('가격은 숫자로 입력해 주세요.');
  });

  it('date: 4 or 8 digits', () => {
    expect(dateText('발표일').safeParse('2026').success).toBe(true);
    expect(dateText('발표일').safeParse('20261121').success).toBe(true);
    for (const v of ['202611', '2026-11', '26', 'abcd']) {
      const r = dateText('발표일').safeParse(v);
      expect(r.success, v).toBe(false);
      expect(firstIssue(r.error!)).toBe('발표일은 4자리(연도) 또는 8자리(연월일) 숫자로 입력해 주세요.');
    }
  });

  it('text: at most 1 MB (in bytes, so Hangul counts three)', () => {
    expect(text('내용').safeParse('a'.repeat(1024 * 1024)).success).toBe(true);
    const big = text('내용').safeParse('가'.repeat(400_000));
    expect(big.success).toBe(false);
    expect(firstIssue(big.error!)).toBe('내용은 최대 1MB까지 입력할 수 있습니다.');
  });
});

describe('JoinForm', () => {
  const ok = {
    userId: 'new_member',
    password: 'secret-pass-1',
    rePassword: 'secret-pass-1',
    nickName: '새회원',
    email: 'New@Example.com',
    question: '질문',
    answer: '답',
    agree: 'Y',
  };
  it('accepts a complete form and lower-cases the email', () => {
    const r = JoinForm.safeParse(ok);
    expect(r.success).toBe(true);
    expect(r.data!.email).toBe('new@example.com');
  });
  it('reports the first failure in screen order', () => {
    const r = JoinForm.safeParse({ ...ok, userId: 'X', email: 'bad' });
    expect(firstIssue(r.error!)).toBe('아이디는 4~20자의 영문 소문자, 숫자, 밑줄(_)로 만들어 주세요.');
  });
});
