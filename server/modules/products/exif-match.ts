// EXIF → product, in one place (docs/product/products.md#matching-photos-to-products): the body an EXIF Make/Model names and the lens its
// LensModel (or a makers' note lens id) names. Conservative by design: no match beats a wrong
// one, so anything ambiguous answers null.
//
// Bodies: the Make gives the maker family ("NIKON CORPORATION" → nikon, "RICOH IMAGING COMPANY,
// LTD." → pentax/ricoh), the Model a compact key ("NIKON Z 6_2" → "z62", "E-M1 Mark II" →
// "em1mk2") that must equal one of a product's EXIF names.
// Lenses, in order: (1) the same focal length, aperture and words as a product's name, in any
// order and with the maker's name anywhere ("Canon EF24-70mm f/2.8L II USM" = "EF24-70mm
// f/2.8L II USM"); (2) the same focal length and aperture, every word of the EXIF string found in
// the product's name and the same version ("II"), narrowed to lenses that fit the body's mount —
// unique or nothing ("OLYMPUS M.12-40mm F2.8" → M.Zuiko Digital ED 12-40mm f/2.8 Pro); (3) a
// lens id ("id:<n>" in a product's EXIF names) when the caller has one; (4) with neither, the
// EXIF LensSpecification (focal range and aperture) when exactly one lens for the body's mount
// has it.
import type { Db } from '../../db/client.js';
import {
  fold,
  familyOf,
  type LensForm,
  lensForm,
  lensKey,
  lensSpecKey,
  modelKey,
  mountFit,
  versionsOf,
} from './exif-match-names.js';
import { type IndexedProduct, lensIdOf, productIndex, type ProductIndex } from './product-index.js';

export interface ExifNames {
  make?: string | null;
  model?: string | null;
  /** LensModel, possibly already prefixed by LensMake. */
  lens?: string | null;
  lensMake?: string | null;
  /** A makers' note lens id (Canon, Pentax LensType); matched against "id:<n>" EXIF names. */
  lensId?: string | number | null;
  /** EXIF LensSpecification: shortest and longest focal length, widest aperture at the short end. */
  lensSpec?: { focalMin: number; focalMax: number; aperture: number } | null;
}

export interface ExifMatch {
  camera: IndexedProduct | null;
  lens: IndexedProduct | null;
}

/** Lens strings that name nothing ("----", "0", "Unknown", "N/A"). */
export const NO_LENS = /^(-+|0+|unknown.*|n\/?a|none|manual lens.*|\(\d+\))$/i;

export function matchExif(index: ProductIndex, input: ExifNames): ExifMatch {
  const camera = matchCamera(index, input.make ?? '', input.model ?? '');
  return { camera, lens: matchLens(index, input, camera) };
}

export function matchCamera(index: ProductIndex, make: string, model: string): IndexedProduct | null {
  const key = modelKey(model);
  if (!key) return null;
  const family = familyOf(make);
  const hits = family ? (index.bodies.get(family)?.get(key) ?? []) : (index.bodiesByKey.get(key) ?? []);
  if (hits.length === 0) return null;
  // Without a Make only a key one product owns counts.
  if (!family && (hits.length > 1 || key.length < 3)) return null;
  if (hits.length === 1) return hits[0]!;
  // Several bodies write this model: the one listing this exact string, if only one does.
  const exact = fold(model);
  const listed = hits.filter((p) => p.exifNames.some((n) => fold(n) === exact));
  if (listed.length === 1) return listed[0]!;
  // The same body listed twice (same maker, same name): the first; otherwise nothing.
  const same = listed.length > 0 ? listed : hits;
  return new Set(same.map((p) => `${p.family}|${fold(p.name)}`)).size === 1 ? same[0]! : null;
}

const fitOf = (camera: IndexedProduct | null, p: IndexedProduct) => (camera ? mountFit(camera.mount, p.mount) : 0);

/**
 * The best of candidates: by mount fit with the body (its own mount before an adapter's), then
 * the body's own maker. With requireFit, lenses that do not fit a known body are dropped (and
 * without a body nothing is chosen).
 */
function best(cands: IndexedProduct[], camera: IndexedProduct | null, requireFit: boolean): IndexedProduct[] {
  let list = [...new Set(cands)];
  if (!camera) return requireFit ? [] : list;
  const scored = list.map((p) => ({ p, fit: fitOf(camera, p) }));
  const top = Math.max(0, ...scored.map((s) => s.fit));
  if (requireFit && top === 0) return [];
  // A body with a mount no lens shares (an unknown or fixed-lens mount) narrows nothing.
  if (top > 0) list = scored.filter((s) => s.fit === top).map((s) => s.p);
  if (list.length > 1) {
    const own = list.filter((p) => p.family === camera.family);
    if (own.length > 0) list = own;
  }
  return list;
}

/** The one best candidate, or null when several are equally good. */
function single(cands: IndexedProduct[], camera: IndexedProduct | null, requireFit: boolean): IndexedProduct | null {
  const list = best(cands, camera, requireFit);
  return list.length === 1 ? list[0]! : null;
}

/** Whether the product's name says everything the EXIF string says (same spec, same version). */
function covers(name: LensForm, exif: LensForm): boolean {
  if (name.focal !== exif.focal || name.aperture !== exif.aperture) return false;
  if (name.apertureLong && exif.apertureLong && name.apertureLong !== exif.apertureLong) return false;
  if (versionsOf(name.words) !== versionsOf(exif.words)) return false;
  return exif.words.every((w) => name.words.includes(w));
}

export function matchLens(index: ProductIndex, input: ExifNames, camera: IndexedProduct | null): IndexedProduct | null {
  const raw = (input.lens ?? '').trim();
  const lensMake = (input.lensMake ?? '').trim();
  if (raw && !NO_LENS.test(raw)) {
    const exif = lensForm(raw, lensMake && !fold(raw).startsWith(fold(lensMake)) ? lensMake : '');
    const family = exif.family;
    const sameFamily = (p: IndexedProduct) => !family || p.family === family;

    const named = index.lensesByKey.get(lensKey(exif)) ?? [];
    // A maker word in the string narrows, unless the name is sold under another (Leica DG lenses are Panasonic's).
    const exact = named.some(sameFamily) ? named.filter(sameFamily) : named;
    if (exact.length > 0) {
      const top = best(exact, camera, false);
      // One name listed twice by one maker (or once per mount): the first row.
      if (top.length === 1 || (top.length > 1 && new Set(top.map((p) => p.family)).size === 1)) return top[0]!;
    }
    if (exif.focal && exif.aperture) {
      const near = (index.lensesBySpec.get(lensSpecKey(exif.focal, exif.aperture)) ?? []).filter(
        (p) => sameFamily(p) && p.lensForms.some((f) => covers(f, exif)),
      );
      // Without a maker word in the string, only lenses for the body's mount are considered.
      const found = single(near, camera, !family);
      if (found) return found;
    }
  }
  const id = input.lensId === null || input.lensId === undefined ? '' : lensIdOf(String(input.lensId));
  if (id && !/^(0|65535|-1)$/.test(id)) {
    const found = single(index.lensesById.get(id) ?? [], camera, false);
    if (found) return found;
  }
  const spec = input.lensSpec;
  if (!raw && spec && camera && spec.focalMin > 0 && spec.aperture > 0) {
    const focal = Math.abs(spec.focalMax - spec.focalMin) > 0.05 ? `${+spec.focalMin.toFixed(1)}-${+spec.focalMax.toFixed(1)}` : `${+spec.focalMin.toFixed(1)}`;
    const cands = index.lensesBySpec.get(lensSpecKey(focal, `${+spec.aperture.toFixed(1)}`)) ?? [];
    // Only a lens of the body's own mount, and only when no other lens for it has that spec.
    const native = cands.filter((p) => fitOf(camera, p) === 2);
    if (new Set(native).size === 1) return native[0]!;
  }
  return null;
}

export interface UploadProducts {
  cameraProductId: number | null;
  lensProductId: number | null;
  cameraProduct: { key: string; name: string } | null;
  lensProduct: { key: string; name: string } | null;
}

const brief = (p: IndexedProduct | null) => (p ? { key: p.key, name: `${p.brand} ${p.name}` } : null);

/** The products an uploaded photo's EXIF names; never fails an upload (no match on error). */
export async function matchUploadExif(db: Db, exif: ExifNames | null): Promise<UploadProducts> {
  const none: UploadProducts = { cameraProductId: null, lensProductId: null, cameraProduct: null, lensProduct: null };
  if (!exif || (!exif.model && !exif.lens && exif.lensId == null)) return none;
  let found: ExifMatch;
  try {
    found = matchExif(await productIndex(db), exif);
  } catch {
    return none;
  }
  return {
    cameraProductId: found.camera?.id ?? null,
    lensProductId: found.lens?.id ?? null,
    cameraProduct: brief(found.camera),
    lensProduct: brief(found.lens),
  };
}
