import { describe, expect, it } from 'vitest';
import { sanitizeContent as s } from './sanitize.js';

describe('sanitizeContent: what is kept', () => {
  it('keeps the allowed formatting tags', () => {
    const html =
      '<p>a<br />b</p><p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>s</s><span>sp</span></p>' +
      '<blockquote>q</blockquote><ul><li>1</li></ul><ol><li>2</li></ol><h2>h2</h2><h3>h3</h3><h4>h4</h4>' +
      '<pre><code>c</code></pre><hr />' +
      '<table><caption>c</caption><thead><tr><th>h</th></tr></thead><tbody><tr><td>d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot></table>';
    expect(s(html)).toBe(html);
  });

  it('maps other headings and strike tags onto the allowed ones', () => {
    expect(s('<h1>a</h1><h5>b</h5><h6>c</h6>')).toBe('<h2>a</h2><h4>b</h4><h4>c</h4>');
    expect(s('<strike>a</strike><del>b</del>')).toBe('<s>a</s><s>b</s>');
  });

  it('drops disallowed tags but keeps their text', () => {
    expect(s('<div><font color="red">안녕</font> <marquee>하세요</marquee></div>')).toBe('안녕 하세요');
  });

  it('drops script, style and similar tags with their content', () => {
    expect(s('a<script>alert(1)</script>b<style>p{}</style>c<noscript>n</noscript><textarea>t</textarea>')).toBe('abc');
  });

  it('drops forms, inputs, objects, embeds, svg, math, meta, link and base', () => {
    const out = s(
      '<form action="/x"><input value="v"><button>b</button></form><object data="x"></object><embed src="x">' +
        '<svg><circle /></svg><math><mi>x</mi></math><meta charset="utf-8"><link rel="stylesheet" href="x"><base href="/">',
    );
    expect(out).not.toMatch(/<(form|input|button|object|embed|svg|circle|math|mi|meta|link|base)\b/);
  });

  it('removes every style attribute and turns text-align into a class', () => {
    expect(s('<p style="text-align: center; color: red">a</p>')).toBe('<p class="ta-center">a</p>');
    expect(s('<h3 style="TEXT-ALIGN:right">a</h3>')).toBe('<h3 class="ta-right">a</h3>');
    expect(s('<p class="ta-justify other">a</p>')).toBe('<p class="ta-justify">a</p>');
    expect(s('<p style="text-align: inherit">a</p>')).toBe('<p>a</p>');
    expect(s('<span style="color: red">a</span>')).toBe('<span>a</span>');
  });

  it('removes ids, classes, data attributes and event handlers', () => {
    expect(s('<p id="x" class="tok-space" data-end="1" onclick="x()">a</p>')).toBe('<p>a</p>');
    expect(s('<span class="tok-countdown" data-end="2026-01-01T00:00:00Z">x</span>')).toBe('<span>x</span>');
  });

  it('keeps a code block language class and nothing else', () => {
    expect(s('<pre><code class="language-ts hljs">x</code></pre>')).toBe('<pre><code class="language-ts">x</code></pre>');
    expect(s('<code class="evil">x</code>')).toBe('<code>x</code>');
  });

  it('keeps numeric colspan and rowspan only', () => {
    expect(s('<table><tr><td colspan="2" rowspan="x" width="9">a</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">a</td></tr></table>',
    );
  });
});

describe('sanitizeContent: links', () => {
  it('opens external links in a new tab without an opener, and marks them nofollow', () => {
    expect(s('<a href="https://example.com/x" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(s('<a href="http://example.com">x</a>')).toContain('target="_blank"');
  });

  it('keeps relative and mailto links as they are', () => {
    expect(s('<a href="/board/free/view/1">x</a>')).toBe('<a href="/board/free/view/1">x</a>');
    expect(s('<a href="#top">x</a>')).toBe('<a href="#top">x</a>');
    expect(s('<a href="mailto:club@example.com">x</a>')).toBe('<a href="mailto:club@example.com">x</a>');
  });

  it('drops the href of javascript:, vbscript:, data:, protocol-relative and backslash links', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java&#x09;script:alert(1)',
      'java\nscript:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'ftp://example.com',
      'x:y',
    ]) {
      expect(s(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('keeps a title but no other attribute', () => {
    expect(s('<a href="/x" title="t" download ping="https://e" style="x" class="c">x</a>')).toBe('<a href="/x" title="t">x</a>');
  });
});

describe('sanitizeContent: images', () => {
  it('keeps our download path and https images, lazy, with the width-limiting class', () => {
    expect(s('<img src="/api/file/down/a/b" alt="사진" width="5000" style="width:5000px">')).toBe(
      '<img src="/api/file/down/a/b" alt="사진" loading="lazy" class="content-img" />',
    );
    expect(s('<img src="https://cdn.example/a.jpg">')).toBe(
      '<img src="https://cdn.example/a.jpg" alt="" loading="lazy" class="content-img" />',
    );
  });

  it('keeps file references for the renderer to resolve', () => {
    expect(s('<img src="file3">')).toBe('<img src="file3" alt="" loading="lazy" class="content-img" />');
  });

  it('drops images from data:, javascript:, http: and other paths of the site', () => {
    for (const src of [
      'data:image/png;base64,iVBORw0KGgo=',
      'javascript:alert(1)',
      'http://example.com/a.png',
      '/api/user/out',
      '/api/file/down/../../api/user/out',
      '//evil.example/a.png',
      'x',
    ]) {
      expect(s(`<p><img src="${src}"></p>`)).toBe('<p></p>');
    }
  });
});

describe('sanitizeContent: video', () => {
  const player = '<iframe class="content-video" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>';

  it('keeps the embed address, normalised, with the fixed attribute set', () => {
    for (const src of [
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://youtube.com/embed/dQw4w9WgXcQ?start=30',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    ]) {
      expect(s(`<iframe src="${src}" width="560" height="315" frameborder="0" allow="autoplay" onload="x()">fallback</iframe>`)).toBe(player);
    }
  });

  it('drops every other frame', () => {
    for (const src of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/short',
      'javascript:alert(1)',
    ]) {
      expect(s(`<p>a<iframe src="${src}">x</iframe>b</p>`)).toBe('<p>ab</p>');
    }
    expect(s('<iframe srcdoc="<script>alert(1)</script>"></iframe>')).toBe('');
  });
});

describe('sanitizeContent: strip option', () => {
  it('keeps only p and br, without attributes', () => {
    expect(s('<p class="ta-center"><b>굵게</b> <a href="https://e.x">링크</a><br><img src="file0"></p>', { strip: true })).toBe(
      '<p>굵게 링크<br /></p>',
    );
  });

  it('turns newlines into line breaks', () => {
    expect(s('첫 줄\n둘째 줄\r\n셋째 줄', { strip: true })).toBe('첫 줄<br />둘째 줄<br />셋째 줄');
  });

  it('escapes text that looks like markup', () => {
    expect(s('1 < 2 & 3 > 2', { strip: true })).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });
});

describe('sanitizeContent: stability', () => {
  it('gives the same result when run on its own output', () => {
    for (const html of [
      '<p style="text-align:center">a\nb</p><a href="https://x.y">x</a><img src="file0"><iframe src="https://youtube.com/embed/dQw4w9WgXcQ"></iframe>',
      '<p>1 &lt; 2 &amp;amp; &quot;q&quot; &nbsp;</p>',
    ]) {
      for (const strip of [false, true]) {
        const once = s(html, { strip });
        expect(s(once, { strip })).toBe(once);
      }
    }
  });
});
