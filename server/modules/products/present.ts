// The one place a product row becomes what members see: the card of lists and pickers (with its
// one-line Korean summary of key specs) and the select columns a card needs.
import type { ProductCard } from '../../../common/api/products.js';
import { products, type ProductImage, type SpecRow } from '../../db/schema/products.js';

/** What a card is made from (a products row has all of it). */
export interface CardSource {
  key: string;
  type: ProductCard['type'];
  company: string;
  brand: string;
  name: string;
  nameKo: string;
  mount: string;
  announced: string;
  cropFactor: number | null;
  focalMin: number | null;
  focalMax: number | null;
  apertureMin: number | null;
  apertureMax: number | null;
  specs: SpecRow[];
  images: ProductImage[];
}

/** The columns of CardSource, for db.select(...) of lists, pickers and admin rows. */
export const cardColumns = {
  key: products.key,
  type: products.type,
  company: products.company,
  brand: products.brand,
  name: products.name,
  nameKo: products.nameKo,
  mount: products.mount,
  announced: products.announced,
  cropFactor: products.cropFactor,
  focalMin: products.focalMin,
  focalMax: products.focalMax,
  apertureMin: products.apertureMin,
  apertureMax: products.apertureMax,
  specs: products.specs,
  images: products.images,
};

/** 2.8 → "2.8", 50 → "50", 1.39999 (a float4) → "1.4". */
export function num(v: number): string {
  return String(Math.round(v * 10) / 10);
}

const range = (a: number | null, b: number | null): string | null => {
  if (a === null && b === null) return null;
  const lo = a ?? b!;
  const hi = b ?? a!;
  return Math.abs(hi - lo) < 0.05 ? num(lo) : `${num(lo)}–${num(hi)}`;
};

/** The sensor a body's crop factor means, as members name it. */
export function sensorName(crop: number | null): string | null {
  if (crop === null || !(crop > 0)) return null;
  if (crop < 0.95) return '중형';
  if (crop <= 1.05) return '풀프레임';
  if (crop <= 1.4) return 'APS-H';
  if (crop <= 1.75) return 'APS-C';
  if (crop <= 2.1) return '포서드';
  if (crop <= 3.1) return '1인치';
  return '소형 센서';
}

/** "24–70mm", "50mm" or null. */
export const focalText = (p: Pick<CardSource, 'focalMin' | 'focalMax'>) => {
  const r = range(p.focalMin, p.focalMax);
  return r ? `${r}mm` : null;
};

/** "F2.8", "F3.5–5.6" or null. */
export const apertureText = (p: Pick<CardSource, 'apertureMin' | 'apertureMax'>) => {
  const r = range(p.apertureMin, p.apertureMax);
  return r ? `F${r}` : null;
};

/** Flash and accessory rows that say most in a line: the guide number first. */
const KEY_SPEC = /가이드|GN|guide/i;

/**
 * Key specs in one line: bodies "풀프레임 · Canon EF", lenses "24–70mm · F2.8 · Sony E",
 * flashes and accessories their guide number (or first spec rows) and mount.
 */
export function productSummary(p: CardSource): string {
  const parts: Array<string | null> = [];
  switch (p.type) {
    case 'body':
      parts.push(sensorName(p.cropFactor));
      break;
    case 'lens':
      parts.push(focalText(p), apertureText(p));
      break;
    default: {
      const rows = [...p.specs.filter((s) => KEY_SPEC.test(s.label)), ...p.specs.filter((s) => !KEY_SPEC.test(s.label))];
      for (const s of rows.slice(0, 2)) parts.push(KEY_SPEC.test(s.label) && /^\d/.test(s.value) ? `GN ${s.value}` : s.value);
    }
  }
  parts.push(p.mount || null);
  return parts.filter((s): s is string => !!s).join(' · ');
}

/** A row as a card: lists, pickers, admin rows and EXIF matches all show this. */
export function productCard(p: CardSource): ProductCard {
  const first = p.images[0];
  return {
    key: p.key,
    type: p.type,
    company: p.company,
    brand: p.brand,
    name: p.name,
    nameKo: p.nameKo,
    mount: p.mount,
    announced: p.announced,
    summary: productSummary(p),
    thumbUrl: first ? (first.thumbUrl ?? first.url) : null,
  };
}
