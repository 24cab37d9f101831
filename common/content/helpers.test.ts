import { describe, expect, it, vi } from 'vitest';
import { formatRemaining, startCountdowns } from './countdown.js';
import { emoticonSrc, emoticonsToTokens, parseEmoticons } from './emoticons.js';
import { decodeEntities, escapeHtml } from './escape.js';
import { resolveFileRefs } from './files.js';
import { htmlToPlainText } from './plain-text.js';
import { listTokens, renderContent } from './render.js';
import { embedVideoId, fileDownloadUrl, safeHref, safeImageSrc } from './urls.js';

describe('escapeHtml / decodeEntities', () => {
  it('escapes everything that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>\`&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&#96;&amp;');
  });

  it('decodes what escapeHtml and the sanitiser write, and numeric references', () => {
    const text = `<"'\`&> 한글`;
    expect(decodeEntities(escapeHtml(text))).toBe(text);
    expect(decodeEntities('&#x41;&#66;&nbsp;&unknown;&#0;')).toBe('AB\u00a0&unknown;\ufffd');
  });
});

describe('urls', () => {
  it('safeHref allows http, https, mailto and site-relative addresses only', () => {
    expect(safeHref(' https://a.example/x ')).toBe('https://a.example/x');
    expect(safeHref('/board/free/c0/list')).toBe('/board/free/c0/list');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
    for (const bad of ['javascript:x', 'java\tscript:x', '\u0001javascript:x', 'data:x', '//e.x', '/\\e.x', 'x:y', 'tel:1']) {
      expect(safeHref(bad)).toBeNull();
    }
  });

  it('safeImageSrc allows our download path, https and file references', () => {
    expect(safeImageSrc('/api/file/down/a/b')).toBe('/api/file/down/a/b');
    expect(safeImageSrc('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(safeImageSrc('file12')).toBe('file12');
    for (const bad of ['http://e.x/a.jpg', 'data:image/png;base64,AA', '/api/file/down/', '/api/file/down/../x', '/images/a.png', 'file123']) {
      expect(safeImageSrc(bad)).toBeNull();
    }
  });

  it('embedVideoId accepts the embed address only', () => {
    expect(embedVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(embedVideoId('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0')).toBe('dQw4w9WgXcQ');
    expect(embedVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(embedVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ/x')).toBeNull();
    expect(embedVideoId('https://evil.example/www.youtube.com/embed/dQw4w9WgXcQ')).toBeNull();
  });

  it('fileDownloadUrl is /api/file/down/{key}/{name}, slashes inside a part as three hyphens', () => {
    expect(fileDownloadUrl('k3f9a')).toBe('/api/file/down/k3f9a/file');
    expect(fileDownloadUrl('k3f9a', '사진 1.jpg')).toBe('/api/file/down/k3f9a/%EC%82%AC%EC%A7%84%201.jpg');
    expect(fileDownloadUrl('2026/11/k3', 'a/b.jpg')).toBe('/api/file/down/2026---11---k3/a---b.jpg');
    expect(fileDownloadUrl('k3', 'thumb')).toBe('/api/file/down/k3/file');
  });
});

describe('resolveFileRefs', () => {
  it('swaps image sources and link addresses, leaves unknown references', () => {
    expect(resolveFileRefs('<img src="file0" alt="" /><a href="file1">첨부</a><img src="file2" />', ['k1', 'k2'])).toBe(
      '<img src="/api/file/down/k1/file" alt="" /><a href="/api/file/down/k2/file">첨부</a><img src="file2" />',
    );
    const names = new Map([['k1', '노을.jpg']]);
    expect(resolveFileRefs('<img src="file0" />', ['k1'], (k) => fileDownloadUrl(k, names.get(k)))).toBe(
      '<img src="/api/file/down/k1/%EB%85%B8%EC%9D%84.jpg" />',
    );
  });

  it('touches neither text nor other attributes', () => {
    const html = '<p>file0</p><img alt="file0" src="https://x.example/a.jpg" />';
    expect(resolveFileRefs(html, ['k1'])).toBe(html);
  });

  it('refuses a download address that is not an allowed image source', () => {
    expect(resolveFileRefs('<img src="file0" />', ['a'], () => 'javascript:alert(1)')).toBe('<img src="file0" />');
    expect(resolveFileRefs('<img src="file0" />', ['a'], () => 'https://cdn.example/a"b')).toBe('<img src="file0" />');
  });
});

describe('htmlToPlainText', () => {
  it('removes tags, decodes entities and collapses whitespace', () => {
    expect(htmlToPlainText('<p>첫 <b>문</b>단</p>\n\n<p>1 &lt; 2 &amp;&nbsp;3</p><ul><li>a</li><li>b</li></ul>')).toBe(
      '첫 문단 1 < 2 & 3 a b',
    );
  });

  it('drops script and style text and comments', () => {
    expect(htmlToPlainText('a<script>x()</script><style>p{}</style><!-- c -->b')).toBe('a b');
  });

  it('cuts to a length for list previews', () => {
    expect(htmlToPlainText('<p>가나다라마</p>', 3)).toBe('가나다');
  });
});

describe('emoticons', () => {
  it('parses the community setting "key/name,key/name"', () => {
    const map = parseEmoticons('smile/웃음, wink/윙크 ,bad key/x,noname/,thumb/최고/짱,smile/다시');
    expect([...map]).toEqual([
      ['smile', '웃음'],
      ['wink', '윙크'],
      ['thumb', '최고/짱'],
    ]);
    expect(parseEmoticons('')).toEqual(new Map());
    expect(emoticonSrc('smile')).toBe('/images/emoticons/smile.svg');
  });

  it('turns rendered emoticon pictures back into tokens for the edit box', () => {
    const html = renderContent('<p>좋아요 ^{smile}^{wink} ^{nope}</p>', { emoticons: parseEmoticons('smile/웃음,wink/윙크') });
    expect(emoticonsToTokens(html)).toBe('<p>좋아요 ^{smile}^{wink} ^{nope}</p>');
    const photo = '<img class="content-img" src="/images/emoticons/smile.svg" alt="">';
    expect(emoticonsToTokens(photo)).toBe(photo);
  });
});

describe('listTokens', () => {
  it('lists the valid tokens outside links and code', () => {
    const html = '<p>@{kim_1} ${free} <a href="/x">@{lee_2}</a> <code>@{park_3}</code> @{no} *{1,2}</p>';
    expect(listTokens(html)).toEqual([
      { kind: 'space', userId: 'kim_1' },
      { kind: 'board', boardId: 'free', category: 'c0' },
      { kind: 'market', keys: [1, 2] },
    ]);
    expect(listTokens('<a>@{lee_2}</a>', { plainText: true })).toEqual([{ kind: 'space', userId: 'lee_2' }]);
  });
});

describe('countdown', () => {
  it('formats the time left with thousands commas in days, 종료 once past', () => {
    expect(formatRemaining(9_000)).toBe('00:00:09 남음');
    expect(formatRemaining((3 * 86400 + 4 * 3600 + 5 * 60 + 6) * 1000 + 999)).toBe('3일 04:05:06 남음');
    expect(formatRemaining(1234 * 86400_000)).toBe('1,234일 00:00:00 남음');
    expect(formatRemaining(0)).toBe('종료');
    expect(formatRemaining(-5)).toBe('종료');
    expect(formatRemaining(Number.NaN)).toBe('종료');
  });

  it('ticks every second and stops when every auction has ended', () => {
    vi.useFakeTimers();
    try {
      let now = Date.parse('2026-12-01T10:59:58Z');
      const el = { textContent: '2026-12-01 20:00:00 마감', getAttribute: () => '2026-12-01T11:00:00.000Z' };
      const bad = { textContent: 'x', getAttribute: () => 'nope' };
      const root = { querySelectorAll: () => [el, bad] };
      const stop = startCountdowns(root, () => now);
      expect(el.textContent).toBe('00:00:02 남음');
      now += 1000;
      vi.advanceTimersByTime(1000);
      expect(el.textContent).toBe('00:00:01 남음');
      now += 1000;
      vi.advanceTimersByTime(1000);
      expect(el.textContent).toBe('종료');
      expect(bad.textContent).toBe('x');
      expect(vi.getTimerCount()).toBe(0);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
