// The folded photo tile (decision 46): its words and 보기, and no picture at all in its markup,
// so the browser never asks for the ignored member's thumbnail.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FoldedTile, FoldNotice } from './ignored-fold';

const noop = () => {};

describe('FoldedTile', () => {
  it('says it is an ignored member’s photo, offers 보기, and holds no image', () => {
    const html = renderToStaticMarkup(createElement(FoldedTile, { onShow: noop, className: 'home-gallery-fold', style: { aspectRatio: '3 / 2' } }));
    expect(html).toContain('차단한 회원의 사진입니다');
    expect(html).toContain('aria-label="차단한 회원의 사진입니다 보기"');
    expect(html).toMatch(/<button[^>]*class="[^"]*ignored-fold-show/);
    expect(html).toContain('class="ignored-fold-tile home-gallery-fold"');
    expect(html).toContain('aspect-ratio:3 / 2');
    expect(html).not.toMatch(/<img|<picture|<source|srcset|url\(/i);
  });
});

describe('FoldNotice', () => {
  it('names what is folded: a post (the default), a comment, a photo', () => {
    const text = (what?: 'post' | 'comment' | 'photo') => renderToStaticMarkup(createElement(FoldNotice, { what, onShow: noop }));
    expect(text()).toContain('차단한 회원의 글입니다');
    expect(text('comment')).toContain('차단한 회원의 댓글입니다');
    expect(text('photo')).toContain('차단한 회원의 사진입니다');
    expect(text('photo')).not.toContain('차단한 회원의 글입니다');
  });
});
