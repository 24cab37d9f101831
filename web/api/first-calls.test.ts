import { describe, expect, it } from 'vitest';
import { firstCalls, type FirstCall } from './first-calls';

const SHELL: FirstCall[] = [
  ['/api/session/logo', {}],
  ['/api/session/site', {}],
  ['/api/menu/topMenu', {}],
  ['/api/session/info', {}],
];
const page = (pathname: string, search = '') => firstCalls(pathname, search).slice(SHELL.length);

describe('firstCalls', () => {
  it("asks for the shell's calls on every page, and the home page's", () => {
    expect(firstCalls('/error/x', '')).toEqual(SHELL);
    expect(firstCalls('/', '')).toEqual([...SHELL, ['/api/home', {}]]);
  });

  it('asks for a board list as the page does, and leaves a search to the page', () => {
    expect(page('/board/free/c0/list')).toEqual([
      ['/api/board/info', { boardId: 'free' }],
      ['/api/board/list', { boardId: 'free', category: 'c0', page: 1 }],
    ]);
    expect(page('/board/free/c3/list/12/')).toEqual([
      ['/api/board/info', { boardId: 'free' }],
      ['/api/board/list', { boardId: 'free', category: 'c3', page: 12 }],
    ]);
    expect(page('/board/free/c0/list', '?q=렌즈')).toEqual([]);
    // A page number the page would not read as such.
    expect(page('/board/free/c0/list/0')).toEqual([]);
    expect(page('/board/free/c0/list/x')).toEqual([]);
  });

  it('asks for a post with its comments, except on the pages that are not board posts', () => {
    expect(page('/board/free/view/209')).toEqual([
      ['/api/board/view', { boardId: 'free', key: 209 }],
      ['/api/comment/list', { boardId: 'free', key: 209 }],
    ]);
    expect(page('/board/site/view/3')).toEqual([['/api/board/view', { boardId: 'site', key: 3 }]]);
    expect(page('/board/gallery/view/3')).toEqual([]);
    expect(page('/board/market/view/3')).toEqual([]);
    expect(page('/board/free/view/3x')).toEqual([]);
  });

  it('asks for the market list by category and page, and a gallery item with its comments', () => {
    expect(page('/market/c0/list')).toEqual([
      ['/api/market/categories', {}],
      ['/api/market/list', { category: 'all', page: 1 }],
    ]);
    expect(page('/market/c12/list/2')).toEqual([
      ['/api/market/categories', {}],
      ['/api/market/list', { category: 'c12', page: 2 }],
    ]);
    expect(page('/market/c0/list', '?status=sold')).toEqual([]);
    expect(page('/market/trace/12')).toEqual([]);
    expect(page('/gallery/view/652')).toEqual([
      ['/api/gallery/view', { galleryKey: 652 }],
      ['/api/comment/list', { boardId: 'gallery', key: 652 }],
    ]);
  });

  it('runs from its own source alone, as the route preloader runs it', () => {
    const copy = new Function(`return (${firstCalls.toString()})`)() as typeof firstCalls;
    for (const path of ['/', '/board/free/c0/list/2', '/board/free/view/9', '/market/c0/list', '/gallery/view/5']) {
      expect(copy(path, '')).toEqual(firstCalls(path, ''));
    }
  });
});
