// The built index.html with a page's preview tags: <title>, description, Open Graph, Twitter card
// and the canonical link. Only tags are added (the same scripts, no inline script: the CSP stays);
// every value is escaped for a double-quoted attribute.
import { escapeHtml } from '../../../common/content/escape.js';
import { DEFAULT_IMAGE, type Preview } from './preview.js';

export interface SiteInfo {
  name: string;
  description: string;
}

/** Markers around what we add, so the page's own <title> and description are replaced, not doubled. */
const TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

const meta = (attr: 'property' | 'name', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;

/** The tags for a preview; origin is the site's absolute origin (https://example.com). */
export function previewTags(preview: Preview, site: SiteInfo, origin: string): string {
  const title = preview.title ?? site.name;
  const description = preview.description || site.description;
  const image = preview.image ?? DEFAULT_IMAGE;
  const imageUrl = /^https?:\/\//i.test(image.path) ? image.path : origin + image.path;
  const url = origin + preview.path;
  const tags = [
    `<title>${escapeHtml(preview.title ? `${preview.title} - ${site.name}` : site.name)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', preview.title ? 'article' : 'website'),
    meta('property', 'og:site_name', site.name),
    meta('property', 'og:locale', 'ko_KR'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', imageUrl),
    ...(image.width && image.height
      ? [meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height))]
      : []),
    meta('property', 'og:image:alt', title),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
  ];
  return tags.join('\n    ');
}

/** index.html with the page's tags in its head (the page's own title and description removed). */
export function injectPreview(indexHtml: string, tags: string): string {
  const head = indexHtml.search(/<\/head>/i);
  if (head < 0) return indexHtml;
  const before = indexHtml.slice(0, head).replace(TITLE, '').replace(DESCRIPTION, '');
  return `${before}  ${tags}\n  ${indexHtml.slice(head)}`;
}
