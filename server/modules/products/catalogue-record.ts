// One entry of the bundled product catalogue (catalogue/lensfun.json): what the importer writes
// and what loadCatalogue/updateCatalogue read. Derived from the lensfun database (CC BY-SA 3.0).
import type { SpecRow } from '../../db/schema/products.js';

export interface CatalogueRecord {
  /** Stable id across re-imports: "body:<Maker>:<Model>" or "lens:<Maker>:<Model>". */
  catalogueId: string;
  type: 'body' | 'lens';
  /** Maker key from the maker list (common/products/makers.ts), or 'other'. */
  company: string;
  brand: string;
  name: string;
  /** The EXIF Make string cameras write; empty for lenses. */
  exifMake: string;
  exifNames: string[];
  mount: string;
  cropFactor: number | null;
  focalMin: number | null;
  focalMax: number | null;
  apertureMin: number | null;
  apertureMax: number | null;
  specs: SpecRow[];
  /** URL key, unique within the catalogue and kept for the same catalogueId on re-import. */
  key: string;
}

/** The fields a catalogue update compares and copies (everything but the key). */
export const CATALOGUE_FIELDS = [
  'type',
  'company',
  'brand',
  'name',
  'exifMake',
  'exifNames',
  'mount',
  'cropFactor',
  'focalMin',
  'focalMax',
  'apertureMin',
  'apertureMax',
  'specs',
] as const satisfies readonly (keyof CatalogueRecord)[];
