// The server's sanitiser: every write of rich content goes through sanitizeContent before it is
// stored (decision 9). Server only — sanitize-html brings postcss and a parser that the browser
// does not need, so web/ must never import this file (eslint enforces it); the web app shows
// HTML the server already sanitised, through render.ts. See docs/decisions/0009.
import sanitizeHtml, { type Attributes, type IOptions, type Transformer } from 'sanitize-html';
import { embedSrc, embedVideoId, isExternal, safeHref, safeImageSrc } from './urls.js';

export interface SanitizeOptions {
  /** The strip option (docs/product/boards.md#content): keep only p and br; newlines become line breaks. */
  strip?: boolean;
}

const ALIGN = new Set(['left', 'center', 'right', 'justify']);

/** TipTap writes text-align as a style; we keep it as a class (no style attributes at all). */
function alignClass(attribs: Attributes): Attributes {
  const fromStyle = /(?:^|;)\s*text-align\s*:\s*([a-z]+)\s*(?:;|$)/i.exec(attribs.style ?? '')?.[1];
  const fromClass = /(?:^|\s)ta-([a-z]+)(?:\s|$)/.exec(attribs.class ?? '')?.[1];
  const align = (fromStyle ?? fromClass ?? '').toLowerCase();
  return ALIGN.has(align) ? { class: `ta-${align}` } : {};
}

const block =
  (tagName: string): Transformer =>
  (_, attribs) => ({ tagName, attribs: alignClass(attribs) });

const link: Transformer = (_, attribs) => {
  const href = safeHref(attribs.href ?? '');
  const out: Attributes = {};
  if (href !== null) out.href = href;
  if (attribs.title) out.title = attribs.title;
  if (href !== null && isExternal(href) && !href.toLowerCase().startsWith('mailto:')) {
    out.rel = 'noopener noreferrer nofollow';
    out.target = '_blank';
  }
  return { tagName: 'a', attribs: out };
};

const image: Transformer = (_, attribs) => {
  const src = safeImageSrc(attribs.src ?? '');
  if (src === null) return { tagName: 'img', attribs: {} };
  const out: Attributes = { src, alt: attribs.alt ?? '', loading: 'lazy', class: 'content-img' };
  if (attribs.title) out.title = attribs.title;
  return { tagName: 'img', attribs: out };
};

/** Only the video site's embed address survives, rewritten to one fixed form. */
const iframe: Transformer = (_, attribs) => {
  const id = embedVideoId(attribs.src ?? '');
  const out: Attributes = id ? { class: 'content-video', src: embedSrc(id), allowfullscreen: '' } : {};
  return { tagName: 'iframe', attribs: out };
};

function cell(tagName: string): Transformer {
  return (_, attribs) => {
    const out: Attributes = {};
    for (const name of ['colspan', 'rowspan']) {
      const v = attribs[name];
      if (v && /^[1-9]\d?$/.test(v.trim())) out[name] = v.trim();
    }
    return { tagName, attribs: out };
  };
}

const code: Transformer = (_, attribs) => {
  const lang = /(?:^|\s)(language-[a-z0-9+#-]{1,20})(?:\s|$)/i.exec(attribs.class ?? '')?.[1];
  const out: Attributes = lang ? { class: lang.toLowerCase() } : {};
  return { tagName: 'code', attribs: out };
};

// Content of these is never text worth keeping, even when the tag itself is dropped.
const NON_TEXT = ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'xmp', 'noembed', 'noframes'];

const RICH: IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'h2', 'h3', 'h4',
    'a', 'img', 'code', 'pre', 'hr', 'span', 'iframe',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    p: ['class'], h2: ['class'], h3: ['class'], h4: ['class'],
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'loading', 'class'],
    iframe: ['class', 'src', 'allowfullscreen'],
    code: ['class'],
    th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'],
  },
  // The transforms below already decide; these are the library's own second line.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'poster', 'background'],
  allowProtocolRelative: false,
  allowedStyles: {},
  nonTextTags: NON_TEXT,
  nestingLimit: 64,
  transformTags: {
    p: block('p'), h1: block('h2'), h2: block('h2'), h3: block('h3'), h4: block('h4'), h5: block('h4'), h6: block('h4'),
    strike: 's', del: 's',
    a: link,
    img: image,
    iframe,
    code,
    th: cell('th'),
    td: cell('td'),
  },
  // A dropped src means the element has nothing left to show.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  // A player's fallback text is never shown; dropping it keeps the output stable on a second pass.
  textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
};

const STRIP: IOptions = {
  allowedTags: ['p', 'br'],
  allowedAttributes: {},
  nonTextTags: NON_TEXT,
  nestingLimit: 64,
  // The text arrives escaped; the line break we add is the only markup written here.
  textFilter: (text) => text.replace(/\r\n?|\n/g, '<br />'),
};

/** Member-written HTML -> HTML that is safe to store and to show (after renderContent). */
export function sanitizeContent(html: string, options: SanitizeOptions = {}): string {
  return sanitizeHtml(html, options.strip ? STRIP : RICH);
}
