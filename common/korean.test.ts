import { describe, expect, it } from 'vitest';
import { object, subject, topic } from './korean.js';

describe('josa helpers', () => {
  it('topic: 은 after a final consonant, 는 otherwise', () => {
    expect(topic('아이디')).toBe('아이디는');
    expect(topic('암호')).toBe('암호는');
    expect(topic('닉네임')).toBe('닉네임은');
    expect(topic('이메일')).toBe('이메일은');
    expect(topic('암호 확인')).toBe('암호 확인은');
    expect(topic('비밀번호 답변')).toBe('비밀번호 답변은');
    expect(topic('비밀번호 질문')).toBe('비밀번호 질문은');
  });

  it('object: 을 after a final consonant, 를 otherwise', () => {
    expect(object('아이디')).toBe('아이디를');
    expect(object('답변')).toBe('답변을');
    expect(object('사진')).toBe('사진을');
    expect(object('카메라')).toBe('카메라를');
  });

  it('subject: 이 after a final consonant, 가 otherwise', () => {
    expect(subject('아이디')).toBe('아이디가');
    expect(subject('답변')).toBe('답변이');
    expect(subject('렌즈')).toBe('렌즈가');
    expect(subject('쪽지함')).toBe('쪽지함이');
  });

  it('treats the edges of the Hangul block correctly', () => {
    expect(topic('가')).toBe('가는'); // U+AC00, no final consonant
    expect(topic('힣')).toBe('힣은'); // U+D7A3, final ㅎ
  });

  it('uses the vowel form after non-Hangul or empty text', () => {
    expect(topic('ID')).toBe('ID는');
    expect(topic('')).toBe('는');
  });
});
