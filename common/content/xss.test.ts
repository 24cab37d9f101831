// Every vector of the corpus, through every path content takes to the page, must come out
// with nothing that can run. The output is parsed with a real HTML parser and checked
// element by element against what the sanitiser and renderer are allowed to write.
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { XSS_CORPUS } from '../test/xss-corpus.js';
import { parseEmoticons } from './emoticons.js';
import { renderContent, renderPlainText } from './render.js';
import { sanitizeContent } from './sanitize.js';
import type { RenderContext } from './tokens.js';

const ctx: RenderContext = {
  emoticons: parseEmoticons('smile/웃음,wink/"><img src=x onerror=alert(1)>'),
  nickName: (id) => `<img src=x onerror=alert(1)>${id}`,
  boardName: () => '"><script>alert(1)</script>',
  marketItem: (key) => ({ subject: '<svg onload=alert(1)>', price: key * 1000 }),
  exhibitTitle: () => "'><iframe src=javascript:alert(1)>",
  files: ['a/b', '"><script>/x', 'javascript:alert(1)'],
  postFiles: () => ['c/d', 'e"onerror="alert(1)'],
};

/** Elements and attributes the sanitiser and the renderer write, and nothing else. */
const ALLOWED: Record<string, readonly string[]> = {
  p: ['class'], br: [], strong: [], b: [], em: [], i: [], u: [], s: [], blockquote: [], ul: [], ol: [], li: [],
  h2: ['class'], h3: ['class'], h4: ['class'], hr: [], pre: [], code: ['class'],
  span: ['class', 'data-end'],
  a: ['href', 'title', 'rel', 'target', 'class'],
  img: ['src', 'alt', 'title', 'loading', 'class'],
  iframe: ['class', 'src', 'allowfullscreen'],
  table: [], caption: [], thead: [], tbody: [], tfoot: [], tr: [], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'],
};
const URL_ATTRS = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcset', 'background', 'poster', 'data', 'cite'];
const EMBED = /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}$/;

/**
 * As a browser compares a scheme: entities decoded (once, as the parser already did for
 * attribute values, so decoding again would see schemes a browser does not), whitespace and
 * controls gone, lower case.
 */
// eslint-disable-next-line no-control-regex -- control characters are what browsers ignore here
const normalise = (v: string) => v.replace(/[\u0000-\u0020\u007f-\u00a0]/g, '').toLowerCase();

/** The problems found in html; empty when it is safe. */
function problems(html: string): string[] {
  const found: string[] = [];
  // Every "<" in the text must open or close an allowed element; nothing else is markup.
  for (const m of html.matchAll(/<(\/?)([^\s>/]*)/g)) {
    if (!(m[2]!.toLowerCase() in ALLOWED)) found.push(`raw <${m[1]}${m[2]}`);
  }
  const doc = parseDocument(html);
  for (const el of DomUtils.findAll(() => true, doc.children)) {
    const name = el.name.toLowerCase();
    const allowed = ALLOWED[name];
    if (!allowed) {
      found.push(`element ${name}`);
      continue;
    }
    for (const [attr, value] of Object.entries(el.attribs)) {
      const a = attr.toLowerCase();
      if (a.startsWith('on')) found.push(`handler ${a}`);
      if (a === 'srcdoc' || a === 'style') found.push(`attribute ${a}`);
      if (!allowed.includes(a)) found.push(`attribute ${name}.${a}`);
      if (URL_ATTRS.includes(a) && /^(javascript|vbscript|data|livescript):/.test(normalise(value))) {
        found.push(`url ${a}=${value}`);
      }
    }
    if (name === 'iframe') {
      const keys = Object.keys(el.attribs).sort().join(',');
      if (keys !== 'allowfullscreen,class,src' || !EMBED.test(el.attribs.src ?? '') || el.attribs.class !== 'content-video') {
        found.push(`iframe ${JSON.stringify(el.attribs)}`);
      }
      if (el.children.length > 0) found.push('iframe content');
    }
    if (name === 'a' && el.attribs.href !== undefined) {
      const href = normalise(el.attribs.href);
      if (/^[a-z][a-z0-9+.-]*:/.test(href) && !/^(https?|mailto):/.test(href)) found.push(`href ${href}`);
      if (href.startsWith('//') || href.includes('\\')) found.push(`href ${href}`);
    }
    if (name === 'img') {
      const src = normalise(el.attribs.src ?? '');
      if (!/^(https:\/\/|\/api\/file\/down\/|\/images\/emoticons\/|file\d{1,2}$)/.test(src)) found.push(`img src ${src}`);
    }
  }
  return found;
}

const paths: [string, (x: string) => string][] = [
  ['sanitise', (x) => sanitizeContent(x)],
  ['sanitise + render', (x) => renderContent(sanitizeContent(x), ctx)],
  ['strip + render', (x) => renderContent(sanitizeContent(x, { strip: true }), ctx)],
  ['plain text', (x) => renderPlainText(x, ctx)],
];

describe(`XSS corpus (${XSS_CORPUS.length} vectors)`, () => {
  it('the checker itself catches what it should', () => {
    expect(problems('<img src=x onerror=alert(1)>')).not.toEqual([]);
    expect(problems('<a href="java&#x09;script:alert(1)">x</a>')).not.toEqual([]);
    expect(problems('<iframe src="https://evil.example"></iframe>')).not.toEqual([]);
    expect(problems('<svg><p>x</p></svg>')).not.toEqual([]);
    expect(problems('<p>&lt;script&gt;</p>')).toEqual([]);
  });

  for (const [name, run] of paths) {
    it(`${name}: nothing executable survives`, () => {
      const failures = XSS_CORPUS.map((x) => ({ x, out: run(x) }))
        .map(({ x, out }) => ({ x, out, p: problems(out) }))
        .filter((f) => f.p.length > 0);
      expect(failures).toEqual([]);
    });
  }

  it('sanitising twice gives what sanitising once gives', () => {
    for (const strip of [false, true]) {
      const unstable = XSS_CORPUS.filter((x) => {
        const once = sanitizeContent(x, { strip });
        return sanitizeContent(once, { strip }) !== once;
      });
      expect(unstable).toEqual([]);
    }
  });

  it('writes every tag in one plain form: lower-case names, double-quoted values', () => {
    const wellFormed = /^<\/?[a-z][a-z0-9]*(?:\s[a-z][a-z-]*(?:="[^"<>]*")?)*\s?\/?>$/;
    for (const x of XSS_CORPUS) {
      for (const out of [renderContent(sanitizeContent(x), ctx), renderPlainText(x, ctx)]) {
        for (const tag of out.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(wellFormed);
      }
    }
  });
});
