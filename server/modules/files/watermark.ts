// A member's watermark on their gallery photos (docs/product/gallery.md#watermark): the text as an
// SVG (escaped) that sharp composites at one of nine places with the member's opacity, sized to the
// picture. librsvg draws it with the fonts fontconfig finds (Noto Sans CJK for Korean, from the
// fonts-noto-cjk package); where a font is missing it draws what it can, and an upload never fails for it.
import type { OverlayOptions } from 'sharp';
import type { WatermarkPosition } from '../../../common/api/watermark.js';

export interface Watermark {
  text: string;
  position: WatermarkPosition;
  /** Percent, 10–90. */
  opacity: number;
}

const GRAVITY: Record<WatermarkPosition, string> = {
  'top-left': 'northwest',
  top: 'north',
  'top-right': 'northeast',
  left: 'west',
  center: 'centre',
  right: 'east',
  'bottom-left': 'southwest',
  bottom: 'south',
  'bottom-right': 'southeast',
};

const FONTS = "'Noto Sans CJK KR', 'Noto Sans KR', 'Noto Sans', 'DejaVu Sans', sans-serif";

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Hangul, CJK and full-width characters take about 1 em; others about 0.62 em in bold. */
const WIDE = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const ems = (text: string) => [...text].reduce((n, ch) => n + (WIDE.test(ch) ? 1 : 0.62), 0);

/**
 * The overlay for a picture of width × height: white text with a dark outline, its height about
 * 4.5 % of the picture's shorter side (smaller when a long text would not fit 90 % of the width),
 * inset from the edge by about half its height.
 */
export function watermarkOverlay(mark: Watermark, width: number, height: number): OverlayOptions {
  const length = Math.max(ems(mark.text), 1);
  const wanted = Math.max(12, Math.round(Math.min(width, height) * 0.045));
  const size = Math.max(6, Math.min(wanted, Math.floor((width * 0.9) / (length + 1.2))));
  const pad = Math.round(size * 0.6);
  const boxW = Math.max(1, Math.min(width - 2, Math.ceil(length * size + 2 * pad)));
  const boxH = Math.max(1, Math.min(height - 2, Math.ceil(size * 1.4 + 2 * pad)));
  const alpha = Math.min(0.9, Math.max(0.1, mark.opacity / 100));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${boxW}" height="${boxH}">` +
    `<text x="${boxW / 2}" y="${Math.round(boxH / 2 + size * 0.36)}" text-anchor="middle" font-family="${FONTS}" font-size="${size}" font-weight="bold"` +
    ` fill="#ffffff" fill-opacity="${alpha}" stroke="#000000" stroke-opacity="${(alpha * 0.6).toFixed(2)}" stroke-width="${Math.max(1, Math.round(size / 14))}" paint-order="stroke">` +
    `${escapeXml(mark.text)}</text></svg>`;
  return { input: Buffer.from(svg), gravity: GRAVITY[mark.position] };
}

/** The size sharp's resize (fit inside side × side, never enlarged) gives a width × height picture. */
export function fittedSize(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
