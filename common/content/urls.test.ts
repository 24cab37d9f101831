// linkKind: every place that judges a link (admin menu programs, footer and logo links, member
// content, the web's own routing) asks the URL parser through it, never a string prefix.
import { describe, expect, it } from 'vitest';
import { isExternal, isSiteOrWebLink, linkKind, safeHref } from './urls.js';

describe('linkKind', () => {
  it.each([
    ['/board/free/c0/list', 'path'],
    ['/board/free/view/1?page=2#c5', 'path'],
    [' /board/free/c0/list ', 'path'],
    // An encoded backslash is a character of one of our paths, not a way off the site.
    ['/%5Cevil.example', 'path'],
    ['https://example.com', 'web'],
    ['HTTP://Example.com/a?b#c', 'web'],
    ['mailto:club@example.com', 'mail'],
    ['#top', 'relative'],
    ['?page=2', 'relative'],
    ['board/free/c0/list', 'relative'],
  ])('%j is %s', (href, kind) => {
    expect(linkKind(href)).toBe(kind);
  });

  it.each([
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['\\/evil.example'],
    ['//evil.example'],
    ['///evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/board/\r\nfree'],
    ['\t//evil.example'],
    ['https:evil.example'],
    ['http:/evil.example'],
    ['https://'],
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['\u0001javascript:alert(1)'],
    ['data:text/html,x'],
    ['vbscript:x'],
    ['ftp://example.com'],
    ['tel:1'],
    [''],
    ['   '],
  ])('%j leads nowhere we allow', (href) => {
    expect(linkKind(href)).toBeNull();
  });
});

describe('isSiteOrWebLink (what an administrator may set)', () => {
  it('takes a path of this site or an http(s) address', () => {
    for (const ok of ['/board/free/c0/list', '/%5Cevil', 'https://example.com', 'http://example.com/blog']) expect(isSiteOrWebLink(ok), ok).toBe(true);
  });

  it('refuses another host in disguise, page-relative addresses, mail and scripts', () => {
    for (const bad of ['/\\evil.example', '\\\\evil', '//evil', '/\t/evil', 'https:evil', 'board/free', '#top', 'mailto:a@b.c', 'javascript:alert(1)']) {
      expect(isSiteOrWebLink(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('member content links go through the same judgement', () => {
  it('safeHref keeps site, web, mail and page-relative links, and drops the rest', () => {
    expect(safeHref('/%5Cevil')).toBe('/%5Cevil');
    expect(safeHref('#top')).toBe('#top');
    for (const bad of ['/\\evil.example', '\\\\evil', '//evil', '/\t/evil', 'https:evil', 'javascript:alert(1)']) expect(safeHref(bad)).toBeNull();
  });

  it('isExternal: http(s) and mail leave the site; paths, including /%5C…, stay', () => {
    expect(isExternal('https://example.com')).toBe(true);
    expect(isExternal('mailto:a@b.c')).toBe(true);
    expect(isExternal('/board/free/c0/list')).toBe(false);
    expect(isExternal('/%5Cevil')).toBe(false);
  });
});
