import { describe, expect, it } from 'vitest';
import { errorText, formEncode, forwardPath, parseBody } from './error-text';

const GENERIC = '문제가 발생했습니다. 관리자에게 문의하세요';

describe('errorText', () => {
  it('takes the message field of an object body', () => {
    expect(errorText({ message: '암호가 맞지 않습니다.' })).toBe('암호가 맞지 않습니다.');
  });

  it('takes a plain text body as it is', () => {
    expect(errorText('서버 점검 중입니다.')).toBe('서버 점검 중입니다.');
  });

  it('falls back to the generic text when empty', () => {
    expect(errorText(undefined)).toBe(GENERIC);
    expect(errorText('')).toBe(GENERIC);
    expect(errorText('   ')).toBe(GENERIC);
    expect(errorText({})).toBe(GENERIC);
    expect(errorText({ message: '' })).toBe(GENERIC);
    expect(errorText({ message: null })).toBe(GENERIC);
    expect(errorText(null)).toBe(GENERIC);
  });
});

describe('forwardPath', () => {
  it('turns a forward: message into the error page path', () => {
    expect(forwardPath('forward:삭제된 글입니다.')).toBe(`/error/${encodeURIComponent('삭제된 글입니다.')}`);
    expect(forwardPath('forward:a/b?c')).toBe('/error/a%2Fb%3Fc');
  });

  it('leaves other messages alone', () => {
    expect(forwardPath('권한이 없습니다.')).toBeNull();
    expect(forwardPath(' forward:x')).toBeNull();
  });
});

describe('parseBody', () => {
  it('parses JSON, keeps text, maps empty to undefined', () => {
    expect(parseBody('{"message":"x"}')).toEqual({ message: 'x' });
    expect(parseBody('12')).toBe(12);
    expect(parseBody('Bad Gateway')).toBe('Bad Gateway');
    expect(parseBody('')).toBeUndefined();
  });
});

describe('formEncode', () => {
  it('encodes fields and skips undefined ones', () => {
    expect(formEncode({ userId: 'kim', password: 'a&b=c 한', remember: 'Y', x: undefined })).toBe(
      'userId=kim&password=a%26b%3Dc+%ED%95%9C&remember=Y',
    );
  });
});
