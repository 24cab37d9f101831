import { describe, expect, it } from 'vitest';
import { buildPath } from './paths';

describe('buildPath', () => {
  it('fills parameters and drops missing optional ones', () => {
    expect(buildPath('/board/:id/:category/list/:page?', { id: 'free', category: 'c0' })).toBe('/board/free/c0/list');
    expect(buildPath('/board/:id/:category/list/:page?', { id: 'free', category: 'c0', page: 3 })).toBe('/board/free/c0/list/3');
    expect(buildPath('/', {})).toBe('/');
  });

  it('encodes values and insists on required ones', () => {
    expect(buildPath('/error/:message', { message: '없는 글/삭제' })).toBe(`/error/${encodeURIComponent('없는 글/삭제')}`);
    expect(() => buildPath('/space/:userId', {})).toThrow();
  });
});
