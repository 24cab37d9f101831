// What the service worker makes of a push's payload and of a tapped notification's address.
import { describe, expect, it } from 'vitest';
import { genericMessage, readPushMessage, sameOriginUrl } from './push-message';

describe('readPushMessage', () => {
  it('reads a PushMessage', () => {
    const m = { title: '새 댓글', body: '사진가님이 댓글을 남겼습니다.', url: '/board/free/view/12#c34', tag: 'post-12' };
    expect(readPushMessage(JSON.stringify(m))).toEqual(m);
  });

  it('gives up on what is not one: the worker then shows the plain notice', () => {
    for (const payload of [undefined, '', 'not json', '12', 'null', '"text"', JSON.stringify({ body: '제목 없음' }), JSON.stringify({ title: 3 })]) {
      expect(readPushMessage(payload), String(payload)).toBeNull();
    }
    expect(genericMessage).toMatchObject({ title: '새 알림', url: '/' });
  });

  it('fills what is missing and cuts what is too long', () => {
    expect(readPushMessage(JSON.stringify({ title: 'x'.repeat(500) }))).toEqual({ title: 'x'.repeat(100), body: '', url: '/', tag: 'chalkak' });
  });
});

describe('sameOriginUrl', () => {
  const origin = 'https://club.example';
  it('keeps a path of the site', () => {
    expect(sameOriginUrl('/letter/inbox?x=1#top', origin)).toBe('https://club.example/letter/inbox?x=1#top');
  });

  it('never leads off the site', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'letter', 42, null, undefined]) {
      expect(sameOriginUrl(url, origin), String(url)).toBe('https://club.example/');
    }
  });
});
