import { describe, expect, it } from 'vitest';
import { parseEmoticons } from './emoticons.js';
import { renderContent, renderPlainText, textToHtml } from './render.js';
import { sanitizeContent } from './sanitize.js';
import type { RenderContext } from './tokens.js';

const PLAYER = '<iframe class="content-video" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>';
const link = (url: string) => `<a href="${url}" rel="noopener noreferrer nofollow" target="_blank">${url}</a>`;
const r = (html: string, ctx?: RenderContext) => renderContent(sanitizeContent(html), ctx);

describe('links written as text', () => {
  it('makes plain web links clickable', () => {
    expect(r('<p>사이트 https://example.com/a?b=1&c=2 참고</p>')).toBe(
      `<p>사이트 ${link('https://example.com/a?b=1&amp;c=2')} 참고</p>`,
    );
    expect(r('<p>http://example.com</p>')).toBe(`<p>${link('http://example.com')}</p>`);
  });

  it('leaves closing marks and full stops of the sentence out of the link', () => {
    expect(r('<p>(https://example.com/a).</p>')).toBe(`<p>(${link('https://example.com/a')}).</p>`);
    expect(r('<p>https://en.wikipedia.org/wiki/Leica_(company), 참고</p>')).toBe(
      `<p>${link('https://en.wikipedia.org/wiki/Leica_(company)')}, 참고</p>`,
    );
  });

  it('ends a link at Korean text, quotes and angle brackets', () => {
    expect(r('<p>https://example.com에서 봤어요</p>')).toBe(`<p>${link('https://example.com')}에서 봤어요</p>`);
    expect(renderPlainText('https://a.com/"onmouseover="x')).toBe(`${link('https://a.com/')}&quot;onmouseover=&quot;x`);
  });

  it('leaves links already inside anchors alone', () => {
    const html = '<p><a href="https://a.example" rel="noopener noreferrer nofollow" target="_blank">https://b.example</a></p>';
    expect(r(html)).toBe(html);
  });

  it('leaves addresses inside code and pre alone', () => {
    expect(r('<p><code>https://a.example</code></p><pre>https://b.example</pre>')).toBe(
      '<p><code>https://a.example</code></p><pre>https://b.example</pre>',
    );
  });

  it('does not link other schemes', () => {
    expect(r('<p>ftp://a.example javascript:alert(1)</p>')).toBe('<p>ftp://a.example javascript:alert(1)</p>');
  });
});

describe('video: only the embed address becomes a player', () => {
  it('turns the embed address into the player', () => {
    expect(r('<p>https://www.youtube.com/embed/dQw4w9WgXcQ</p>')).toBe(`<p>${PLAYER}</p>`);
    expect(r('<p>https://youtube.com/embed/dQw4w9WgXcQ?start=3</p>')).toBe(`<p>${PLAYER}</p>`);
    expect(renderPlainText('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(PLAYER);
  });

  it('keeps watch and short links as links', () => {
    expect(r('<p>https://www.youtube.com/watch?v=dQw4w9WgXcQ</p>')).toBe(
      `<p>${link('https://www.youtube.com/watch?v=dQw4w9WgXcQ')}</p>`,
    );
    expect(r('<p>https://youtu.be/dQw4w9WgXcQ</p>')).toBe(`<p>${link('https://youtu.be/dQw4w9WgXcQ')}</p>`);
  });

  it('an embed address inside a link stays a link', () => {
    const html = '<p><a href="https://www.youtube.com/embed/dQw4w9WgXcQ" rel="noopener noreferrer nofollow" target="_blank">v</a></p>';
    expect(r(html)).toBe(html);
  });
});

describe('tokens (docs/content-tokens.md)', () => {
  const ctx: RenderContext = {
    nickName: (id) => (id === 'kim_1' ? '김찰칵' : undefined),
    boardName: (id) => (id === 'free' ? '자유게시판' : undefined),
    marketItem: (key) => (key === 12 ? { subject: 'FM2 바디', price: 1250000 } : undefined),
    exhibitTitle: (user, key) => (user === 'kim_1' && key === '7' ? '가을 필름' : undefined),
    emoticons: parseEmoticons('smile/웃음,wink/윙크'),
    postFiles: (key) => (key === 3 ? ['k3a', 'k3b'] : undefined),
  };

  it('@ links to a member space with the nickname', () => {
    expect(renderPlainText('@{kim_1}님', ctx)).toBe('<a class="tok-space" href="/space/kim_1">@김찰칵</a>님');
    expect(renderPlainText('@{lee_2}')).toBe('<a class="tok-space" href="/space/lee_2">@lee_2</a>');
  });

  it('$ links to a board and an optional category', () => {
    expect(renderPlainText('${free}', ctx)).toBe('<a class="tok-board" href="/board/free/c0/list">자유게시판</a>');
    expect(renderPlainText('${qna|c2}')).toBe('<a class="tok-board" href="/board/qna/c2/list">qna</a>');
  });

  it('$ of a board the lookup does not name (not readable, or unknown) shows the neutral label', () => {
    expect(renderPlainText('${staff}', ctx)).toBe('<a class="tok-board" href="/board/staff/c0/list">게시판</a>');
  });

  it('* links to market items, a list as tags, with thousands commas in prices', () => {
    expect(renderPlainText('*{12}', ctx)).toBe('<a class="tok-market" href="/market/view/12">#FM2 바디 1,250,000원</a>');
    expect(renderPlainText('*{12,34}', ctx)).toBe(
      '<span class="tok-market-tags"><a class="tok-market" href="/market/view/12">#FM2 바디 1,250,000원</a>, ' +
        '<a class="tok-market" href="/market/view/34">#매물 34</a></span>',
    );
  });

  it('! writes an auction countdown with its end time', () => {
    expect(renderPlainText('!{5|2026-12-01T20:00:00+09:00}')).toBe(
      '<a class="tok-auction" href="/market/view/5">경매 ' +
        '<span class="tok-countdown" data-end="2026-12-01T11:00:00.000Z">2026-12-01 20:00:00 마감</span></a>',
    );
  });

  it('* shows a closed item with its status, and escapes what it looks up', () => {
    const items: RenderContext = {
      marketItem: (key) =>
        key === 7 ? { subject: 'X100V', price: 990000, status: '판매 완료' } : key === 8 ? { subject: '<b>"렌즈"</b>', price: null } : undefined,
    };
    expect(renderPlainText('*{7,8,9}', items)).toBe(
      '<span class="tok-market-tags"><a class="tok-market" href="/market/view/7">#X100V 990,000원 (판매 완료)</a>, ' +
        '<a class="tok-market" href="/market/view/8">#&lt;b&gt;&quot;렌즈&quot;&lt;/b&gt;</a>, ' +
        '<a class="tok-market" href="/market/view/9">#매물 9</a></span>',
    );
  });

  it('! counts down to the auction\'s own end when the lookup knows it, else to the typed end', () => {
    const countdown = (key: number, end: string, text: string) =>
      `<a class="tok-auction" href="/market/view/${key}">경매 <span class="tok-countdown" data-end="${end}">${text} 마감</span></a>`;
    const items: RenderContext = {
      marketItem: (key) =>
        key === 5
          ? { subject: '경매', price: 120000, auctionEnd: '2026-12-01T11:10:00.000Z' }
          : key === 6
            ? { subject: '일반 판매', price: 5000, auctionEnd: null }
            : key === 4
              ? { subject: '이상한 끝', auctionEnd: '"><script>' }
              : undefined,
    };
    expect(renderPlainText('!{5|2026-12-01T20:00:00+09:00}', items)).toBe(countdown(5, '2026-12-01T11:10:00.000Z', '2026-12-01 20:10:00'));
    expect(renderPlainText('!{6|2026-12-01T20:00:00+09:00}', items)).toBe(countdown(6, '2026-12-01T11:00:00.000Z', '2026-12-01 20:00:00'));
    expect(renderPlainText('!{3|2026-12-01T20:00:00+09:00}', items)).toBe(countdown(3, '2026-12-01T11:00:00.000Z', '2026-12-01 20:00:00'));
    // Not an instant: the typed end, never the looked-up text.
    expect(renderPlainText('!{4|2026-12-01T20:00:00+09:00}', items)).toBe(countdown(4, '2026-12-01T11:00:00.000Z', '2026-12-01 20:00:00'));
  });

  it('~ links to a museum exhibit', () => {
    expect(renderPlainText('~{kim_1|7}', ctx)).toBe('<a class="tok-museum" href="/space/kim_1/museum/show/7">가을 필름</a>');
    expect(renderPlainText('~{kim_1|8}', ctx)).toBe('<a class="tok-museum" href="/space/kim_1/museum/show/8">전시 8</a>');
  });

  it('^ shows an emoticon only for keys in the community setting', () => {
    expect(renderPlainText('^{smile}', ctx)).toBe('<img class="tok-icon" src="/images/emoticons/smile.svg" alt="웃음">');
    expect(renderPlainText('^{angry}', ctx)).toBe('^{angry}');
    expect(renderPlainText('^{smile}')).toBe('^{smile}');
  });

  it('+ shows an image of another post', () => {
    expect(renderPlainText('+{3|file0}', ctx)).toBe(
      '<img class="content-img tok-image" src="/api/file/down/k3a/file" alt="" loading="lazy">',
    );
    expect(renderPlainText('+{3|file5}', ctx)).toBe('+{3|file5}');
    expect(renderPlainText('+{4|file0}', ctx)).toBe('+{4|file0}');
  });

  it('writes slashes in path parts as three hyphens', () => {
    const ctx2: RenderContext = { postFiles: () => ['a/b'] };
    expect(renderPlainText('+{1|file0}', ctx2)).toContain('src="/api/file/down/a---b/file"');
  });

  it('leaves money, arithmetic, e-mail addresses and emoticons typed as text alone', () => {
    for (const text of ['$100', '5*3=15', 'a@b.com', '^^', '!!', '~~', '1+1', '@kim_1', '${}', '@{}', '가격 $ {free}']) {
      expect(renderPlainText(text, ctx)).toBe(text);
    }
  });

  it('leaves invalid tokens as escaped text', () => {
    expect(renderPlainText('@{Kim}', ctx)).toBe('@{Kim}');
    expect(renderPlainText('@{ab}', ctx)).toBe('@{ab}');
    expect(renderPlainText('*{012}', ctx)).toBe('*{012}');
    expect(renderPlainText('!{5|내일}', ctx)).toBe('!{5|내일}');
    expect(renderPlainText('!{5|2026-12-01 20:00}', ctx)).toBe('!{5|2026-12-01 20:00}');
    expect(renderPlainText('!{5|2026-13-45T99:00:00Z}', ctx)).toBe('!{5|2026-13-45T99:00:00Z}');
    expect(renderPlainText('~{kim_1|../x}', ctx)).toBe('~{kim_1|../x}');
    expect(renderPlainText('${free|c1|x}', ctx)).toBe('${free|c1|x}');
    expect(renderPlainText('@{"><b>}', ctx)).toBe('@{&quot;&gt;&lt;b&gt;}');
  });

  it('escapes looked-up names', () => {
    const evil: RenderContext = {
      nickName: () => '<img src=x onerror=alert(1)>',
      emoticons: new Map([['smile', '"><script>']]),
    };
    expect(renderPlainText('@{kim_1}', evil)).toBe('<a class="tok-space" href="/space/kim_1">@&lt;img src=x onerror=alert(1)&gt;</a>');
    expect(renderPlainText('^{smile}', evil)).toBe('<img class="tok-icon" src="/images/emoticons/smile.svg" alt="&quot;&gt;&lt;script&gt;">');
  });

  it('renders tokens in rich content but not inside a, code, pre or attributes', () => {
    expect(r('<p>@{kim_1} <a href="/x">@{kim_1}</a> <code>@{kim_1}</code></p><pre>${free}</pre><img src="file0" alt="@{kim_1}">', ctx)).toBe(
      '<p><a class="tok-space" href="/space/kim_1">@김찰칵</a> <a href="/x">@{kim_1}</a> <code>@{kim_1}</code></p>' +
        '<pre>${free}</pre><img src="file0" alt="@{kim_1}" loading="lazy" class="content-img" />',
    );
  });

  it('renders tokens after a closed link in the same paragraph', () => {
    expect(r('<p><a href="/x">x</a> @{kim_1}</p>', ctx)).toBe(
      '<p><a href="/x">x</a> <a class="tok-space" href="/space/kim_1">@김찰칵</a></p>',
    );
  });
});

describe('file references', () => {
  it('swaps src="fileN" for the content file download address', () => {
    expect(r('<p><img src="file1" alt="b"><img src="file0"><img src="file9"></p>', { files: ['k0', 'k1'] })).toBe(
      '<p><img src="/api/file/down/k1/file" alt="b" loading="lazy" class="content-img" />' +
        '<img src="/api/file/down/k0/file" alt="" loading="lazy" class="content-img" />' +
        '<img src="file9" alt="" loading="lazy" class="content-img" /></p>',
    );
  });
});

describe('plain text (comments, letters)', () => {
  it('escapes the text and turns newlines into line breaks', () => {
    expect(renderPlainText('<b>안녕</b>\n반가워요 & "또"\r\n봐요')).toBe(
      '&lt;b&gt;안녕&lt;/b&gt;<br>반가워요 &amp; &quot;또&quot;<br>봐요',
    );
    expect(textToHtml('a\nb <i>')).toBe('a<br>b &lt;i&gt;');
  });

  it('renders rich content as given when there is nothing to do', () => {
    const html = '<p>1 &lt; 2 &amp; 3</p>';
    expect(renderContent(html)).toBe(html);
  });
});
