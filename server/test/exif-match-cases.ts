// The EXIF matching table (modules/products/exif-match.test.ts): real EXIF Make/Model/LensModel strings as
// cameras write them, each with the product it must find, and strings that must find nothing.
// Products are named by an EXIF name the catalogue (lensfun) gives them; the ones it lacks are
// in EXTRA_PRODUCTS, which the test adds where the catalogue does not have them.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { products } from '../db/schema/products.js';
import type { ExifNames } from '../modules/products/exif-match.js';
import { productIndex, type ProductIndex, productsChanged } from '../modules/products/product-index.js';
import { productSearchText } from '../modules/products/search-text.js';

export interface FixtureProduct {
  type: 'body' | 'lens';
  company: string;
  brand: string;
  name: string;
  exifMake: string;
  /** The first is how the cases below name the product. */
  exifNames: string[];
  mount: string;
  focalMin?: number;
  focalMax?: number;
  apertureMin?: number;
}

const body = (company: string, brand: string, exifMake: string, exifName: string, mount: string, name = exifName): FixtureProduct => ({
  type: 'body',
  company,
  brand,
  name,
  exifMake,
  exifNames: [exifName],
  mount,
});
const lens = (company: string, brand: string, exifName: string, mount: string, focal: [number, number], aperture: number, extra: string[] = []): FixtureProduct => ({
  type: 'lens',
  company,
  brand,
  name: exifName.replace(new RegExp(`^${brand} `), ''),
  exifMake: '',
  exifNames: [exifName, ...extra],
  mount,
  focalMin: focal[0],
  focalMax: focal[1],
  apertureMin: aperture,
});

/** Products every case refers to, as the catalogue lists them (inserted only where it has none). */
export const CATALOGUE_PRODUCTS: FixtureProduct[] = [
  body('canon', 'Canon', 'Canon', 'Canon EOS 5D Mark IV', 'Canon EF', 'EOS 5D Mark IV'),
  body('canon', 'Canon', 'Canon', 'Canon EOS 5D Mark III', 'Canon EF', 'EOS 5D Mark III'),
  body('canon', 'Canon', 'Canon', 'Canon EOS 5D Mark II', 'Canon EF', 'EOS 5D Mark II'),
  body('canon', 'Canon', 'Canon', 'Canon EOS R5', 'Canon RF', 'EOS R5'),
  body('nikon', 'Nikon', 'Nikon Corporation', 'Nikon Z 6_2', 'Nikon Z', 'Z 6II'),
  body('nikon', 'Nikon', 'Nikon Corporation', 'Nikon Z 6', 'Nikon Z', 'Z 6'),
  body('nikon', 'Nikon', 'Nikon Corporation', 'Nikon D850', 'Nikon F AF', 'D850'),
  body('sony', 'Sony', 'Sony', 'ILCE-7M4', 'Sony E', 'Alpha 7 IV'),
  body('sony', 'Sony', 'Sony', 'ILCE-7M3', 'Sony E', 'Alpha 7 III'),
  body('sony', 'Sony', 'Sony', 'ILCE-6400', 'Sony E', 'Alpha 6400'),
  body('fuji', 'Fujifilm', 'Fujifilm', 'X-T4', 'Fujifilm X'),
  body('fuji', 'Fujifilm', 'Fujifilm', 'X100V', ''),
  body('olympus', 'Olympus', 'Olympus Imaging Corp.', 'E-M1MarkII', 'Micro 4/3 System'),
  body('olympus', 'Olympus', 'Olympus Corporation', 'E-M1MarkIII', 'Micro 4/3 System'),
  body('panasonic', 'Panasonic', 'Panasonic', 'DC-G9', 'Micro 4/3 System'),
  body('panasonic', 'Panasonic', 'Panasonic', 'DC-GH5', 'Micro 4/3 System'),
  body('pentax', 'Pentax', 'Ricoh Imaging Company, Ltd.', 'PENTAX K-1 Mark II', 'Pentax KAF4', 'K-1 Mark II'),
  body('pentax', 'Pentax', 'Pentax', 'Pentax K-5', 'Pentax KAF2', 'K-5'),
  body('ricoh', 'Ricoh', 'Ricoh Imaging Company, Ltd.', 'Ricoh GR III', '', 'GR III'),
  body('leica', 'Leica', 'Leica Camera AG', 'LEICA Q2', '', 'Q2'),
  body('leica', 'Leica', 'Leica Camera AG', 'Leica SL (Typ 601)', 'Leica L', 'SL (Typ 601)'),
  body('apple', 'Apple', 'Apple', 'iPhone XS', ''),
  body('samsung', 'Samsung', 'Samsung', 'NX1', 'Samsung NX'),
  lens('canon', 'Canon', 'Canon EF 24-70mm f/2.8L II USM', 'Canon EF', [24, 70], 2.8),
  lens('canon', 'Canon', 'Canon EF 24-70mm f/2.8L USM', 'Canon EF', [24, 70], 2.8),
  lens('canon', 'Canon', 'Canon EF 50mm f/1.8 STM', 'Canon EF', [50, 50], 1.8),
  lens('canon', 'Canon', 'Canon EF 70-200mm f/2.8L IS II USM', 'Canon EF', [70, 200], 2.8),
  lens('canon', 'Canon', 'Canon EF 100mm f/2.8L Macro IS USM', 'Canon EF', [100, 100], 2.8),
  lens('canon', 'Canon', 'Canon RF 24-105mm F4L IS USM', 'Canon RF', [24, 105], 4),
  lens('nikon', 'Nikon', 'NIKKOR Z 24-70mm f/2.8 S', 'Nikon Z', [24, 70], 2.8),
  lens('nikon', 'Nikon', 'NIKKOR Z 70-200mm f/2.8 VR S', 'Nikon Z', [70, 200], 2.8),
  lens('nikon', 'Nikon', 'Nikon AF-S Nikkor 50mm f/1.8G', 'Nikon F AF', [50, 50], 1.8),
  lens('nikon', 'Nikon', 'Nikon AF-S Nikkor 24-70mm f/2.8E ED VR 170', 'Nikon F AF', [24, 70], 2.8),
  lens('sony', 'Sony', 'FE 24-70mm f/2.8 GM', 'Sony E', [24, 70], 2.8),
  lens('fuji', 'Fujifilm', 'XF23mmF1.4 R', 'Fujifilm X', [23, 23], 1.4),
  lens('fuji', 'Fujifilm', 'XF16-55mmF2.8 R LM WR', 'Fujifilm X', [16, 55], 2.8),
  lens('olympus', 'Olympus', 'Olympus M.Zuiko Digital ED 12-40mm f/2.8 Pro', 'Micro 4/3 System', [12, 40], 2.8),
  lens('panasonic', 'Panasonic', 'Lumix G X Vario 12-35mm f/2.8 Asph. Power OIS', 'Micro 4/3 System', [12, 35], 2.8),
  lens('panasonic', 'Panasonic', 'Lumix G 20mm f/1.7 II Asph.', 'Micro 4/3 System', [20, 20], 1.7),
  lens('pentax', 'Pentax', 'HD Pentax-D FA 24-70mm f/2.8 ED SDM WR', 'Pentax KAF3', [24, 70], 2.8),
  lens('other', 'Sigma', '14-24mm F2.8 DG DN | Art 019', 'Sony E', [14, 24], 2.8),
  lens('other', 'Tamron', 'Tamron SP 24-70mm f/2.8 Di VC USD', 'Canon EF, Nikon F AF', [24, 70], 2.8),
];

/** Newer products lensfun does not list: an admin would add these. */
export const EXTRA_PRODUCTS: FixtureProduct[] = [
  body('olympus', 'OM System', 'OM Digital Solutions', 'OM-1', 'Micro 4/3 System'),
  body('apple', 'Apple', 'Apple', 'iPhone 13 Pro', ''),
  { ...body('samsung', 'Samsung', 'Samsung', 'SM-G998N', '', 'Galaxy S21 Ultra'), exifNames: ['SM-G998N', 'SM-G998B'] },
  lens('sony', 'Sony', 'FE 24-70mm F2.8 GM II', 'Sony E', [24, 70], 2.8),
  lens('canon', 'Canon', 'RF24-70mm F2.8 L IS USM', 'Canon RF', [24, 70], 2.8),
  // Known by the makers' note lens id only: Pentax writes LensType, not LensModel, on older bodies.
  lens('pentax', 'Pentax', 'smc PENTAX-FA 43mm F1.9 Limited', 'Pentax KAF', [43, 43], 1.9, ['id:3 243']),
];

export interface ExifCase {
  exif: ExifNames;
  /** The first EXIF name of the expected body and lens, or null for "must not match". */
  camera: string | null;
  lens: string | null;
}

const c = (make: string, model: string, camera: string | null, lensModel?: string, lensName: string | null = null, more: Partial<ExifNames> = {}): ExifCase => ({
  exif: { make, model, ...(lensModel !== undefined ? { lens: lensModel } : {}), ...more },
  camera,
  lens: lensName,
});

export const MATCHING: ExifCase[] = [
  // Canon: Make "Canon", the model repeats it.
  c('Canon', 'Canon EOS 5D Mark IV', 'Canon EOS 5D Mark IV', 'EF24-70mm f/2.8L II USM', 'Canon EF 24-70mm f/2.8L II USM'),
  c('Canon', 'Canon EOS 5D Mark III', 'Canon EOS 5D Mark III', 'EF24-70mm f/2.8L USM', 'Canon EF 24-70mm f/2.8L USM'),
  c('Canon', 'Canon EOS 5D Mark II', 'Canon EOS 5D Mark II', 'EF50mm f/1.8 STM', 'Canon EF 50mm f/1.8 STM'),
  c('Canon', 'Canon EOS 5D Mark IV', 'Canon EOS 5D Mark IV', 'EF70-200mm f/2.8L IS II USM', 'Canon EF 70-200mm f/2.8L IS II USM', { lensMake: 'Canon' }),
  c('Canon', 'Canon EOS R5', 'Canon EOS R5', 'RF24-70mm F2.8 L IS USM', 'RF24-70mm F2.8 L IS USM'),
  c('Canon', 'Canon EOS R5', 'Canon EOS R5', 'RF24-105mm F4 L IS USM', 'Canon RF 24-105mm F4L IS USM'),
  c('Canon', 'Canon EOS R5', 'Canon EOS R5', 'EF100mm f/2.8L Macro IS USM', 'Canon EF 100mm f/2.8L Macro IS USM'),
  c('CANON', 'EOS 5D MARK IV', 'Canon EOS 5D Mark IV'),
  c('Canon', 'Canon EOS R5', 'Canon EOS R5', 'EF24-70mm f/2.8L II USM', 'Canon EF 24-70mm f/2.8L II USM'),
  // Nikon: "NIKON CORPORATION", Z 6II written "Z 6_2".
  c('NIKON CORPORATION', 'NIKON Z 6_2', 'Nikon Z 6_2', 'NIKKOR Z 24-70mm f/2.8 S', 'NIKKOR Z 24-70mm f/2.8 S'),
  c('NIKON CORPORATION', 'NIKON Z 6', 'Nikon Z 6', 'NIKKOR Z 70-200mm f/2.8 VR S', 'NIKKOR Z 70-200mm f/2.8 VR S'),
  c('Nikon', 'NIKON Z 6_2', 'Nikon Z 6_2', 'NIKKOR Z 70-200mm f/2.8 VR S', 'NIKKOR Z 70-200mm f/2.8 VR S', { lensMake: 'Nikon' }),
  c('NIKON CORPORATION', 'NIKON D850', 'Nikon D850', 'AF-S Nikkor 50mm f/1.8G', 'Nikon AF-S Nikkor 50mm f/1.8G'),
  c('NIKON CORPORATION', 'NIKON D850', 'Nikon D850', 'AF-S NIKKOR 24-70mm f/2.8E ED VR', 'Nikon AF-S Nikkor 24-70mm f/2.8E ED VR 170'),
  c('NIKON CORPORATION', 'NIKON D850', 'Nikon D850', 'TAMRON SP 24-70mm F/2.8 Di VC USD', 'Tamron SP 24-70mm f/2.8 Di VC USD'),
  // Sony: "SONY", bodies by their ILCE names.
  c('SONY', 'ILCE-7M4', 'ILCE-7M4', 'FE 24-70mm F2.8 GM II', 'FE 24-70mm F2.8 GM II'),
  c('SONY', 'ILCE-7M3', 'ILCE-7M3', 'FE 24-70mm F2.8 GM', 'FE 24-70mm f/2.8 GM'),
  c('SONY', 'ILCE-7M3', 'ILCE-7M3', '24-70mm F2.8', 'FE 24-70mm f/2.8 GM'),
  c('SONY', 'ILCE-7M4', 'ILCE-7M4', 'FE 24-70mm F2.8 GM', 'FE 24-70mm f/2.8 GM', { lensMake: 'Sony' }),
  c('SONY', 'ILCE-6400', 'ILCE-6400', '14-24mm F2.8 DG DN | Art 019', '14-24mm F2.8 DG DN | Art 019', { lensMake: 'SIGMA' }),
  // Fujifilm: lens names without spaces.
  c('FUJIFILM', 'X-T4', 'X-T4', 'XF23mmF1.4 R', 'XF23mmF1.4 R'),
  c('FUJIFILM', 'X-T4', 'X-T4', 'XF16-55mmF2.8 R LM WR', 'XF16-55mmF2.8 R LM WR', { lensMake: 'FUJIFILM' }),
  c('FUJIFILM', 'X100V', 'X100V'),
  // Olympus and OM System.
  c('OLYMPUS IMAGING CORP.', 'E-M1MarkII', 'E-M1MarkII', 'OLYMPUS M.12-40mm F2.8', 'Olympus M.Zuiko Digital ED 12-40mm f/2.8 Pro'),
  c('OLYMPUS CORPORATION', 'E-M1MarkIII', 'E-M1MarkIII', 'OLYMPUS M.12-40mm F2.8', 'Olympus M.Zuiko Digital ED 12-40mm f/2.8 Pro'),
  c('OM Digital Solutions', 'OM-1', 'OM-1', 'OLYMPUS M.12-40mm F2.8', 'Olympus M.Zuiko Digital ED 12-40mm f/2.8 Pro'),
  // Panasonic: no "mm" in lens names.
  c('Panasonic', 'DC-G9', 'DC-G9', 'LUMIX G VARIO 12-35/F2.8', 'Lumix G X Vario 12-35mm f/2.8 Asph. Power OIS'),
  c('Panasonic', 'DC-GH5', 'DC-GH5', 'LUMIX G 20/F1.7 II', 'Lumix G 20mm f/1.7 II Asph.'),
  // Pentax and Ricoh: one maker, two brands.
  c('RICOH IMAGING COMPANY, LTD.', 'PENTAX K-1 Mark II', 'PENTAX K-1 Mark II', 'HD PENTAX-D FA 24-70mm F2.8ED SDM WR', 'HD Pentax-D FA 24-70mm f/2.8 ED SDM WR'),
  c('PENTAX', 'PENTAX K-1 Mark II', 'PENTAX K-1 Mark II'),
  c('PENTAX Corporation', 'PENTAX K-5', 'Pentax K-5', undefined, 'smc PENTAX-FA 43mm F1.9 Limited', { lensId: '3 243' }),
  c('RICOH IMAGING COMPANY, LTD.', 'RICOH GR III', 'Ricoh GR III'),
  // Leica.
  c('LEICA CAMERA AG', 'LEICA Q2', 'LEICA Q2'),
  c('LEICA CAMERA AG', 'LEICA SL (Typ 601)', 'Leica SL (Typ 601)'),
  // Phones.
  c('Apple', 'iPhone 13 Pro', 'iPhone 13 Pro', 'iPhone 13 Pro back triple camera 5.7mm f/1.5', null),
  c('Apple', 'iPhone XS', 'iPhone XS'),
  c('SAMSUNG', 'SM-G998N', 'SM-G998N'),
  c('samsung', 'SM-G998B', 'SM-G998N'),
  c('SAMSUNG', 'NX1', 'NX1'),
  // Lens strings prefixed by LensMake, and a camera-less lens.
  c('', '', null, 'Canon EF24-70mm f/2.8L II USM', 'Canon EF 24-70mm f/2.8L II USM'),
  c('', '', null, 'FUJIFILM XF23mmF1.4 R', 'XF23mmF1.4 R'),
  // LensSpecification only (no LensModel): the one lens for the mount with that range and aperture.
  c('FUJIFILM', 'X-T4', 'X-T4', undefined, 'XF16-55mmF2.8 R LM WR', { lensSpec: { focalMin: 16, focalMax: 55, aperture: 2.8 } }),
];

export const NOT_MATCHING: ExifCase[] = [
  c('Canon', 'Canon EOS 5D Mark V', null),
  c('NIKON CORPORATION', 'NIKON Z 6_9', null),
  c('SONY', 'ILCE-7M9', null),
  c('Canon', 'ILCE-7M4', null),
  c('LEICA CAMERA AG', 'LEICA Q9', null),
  c('Apple', 'iPhone 99 Pro', null),
  c('Xiaomi', 'M2101K1G', null),
  c('', 'EOS', null),
  c('Canon', 'Canon EOS 5D Mark IV', 'Canon EOS 5D Mark IV', 'EF24-70mm f/2.8L III USM', null),
  c('SONY', 'ILCE-7M4', 'ILCE-7M4', 'FE 24-70mm F2.8 GM III', null),
  c('SONY', 'ILCE-7M4', 'ILCE-7M4', '----', null),
  c('Canon', 'Canon EOS R5', 'Canon EOS R5', 'Unknown', null),
  c('Panasonic', 'DC-G9', 'DC-G9', 'LUMIX G VARIO 12-35/F2.8II', null),
  // Two EF 24-70mm f/2.8 (and a Tamron) fit the body: the range alone names none of them.
  c('Canon', 'Canon EOS 5D Mark IV', 'Canon EOS 5D Mark IV', undefined, null, { lensSpec: { focalMin: 24, focalMax: 70, aperture: 2.8 } }),
  c('Canon', 'Canon EOS 5D Mark IV', 'Canon EOS 5D Mark IV', undefined, null, { lensId: '65535' }),
];

/**
 * Test support: the visible product each fixture names (by its first EXIF name), adding the
 * fixtures the database lacks. Returns EXIF name → product id, and the names it added.
 */
export async function ensureProducts(db: Db, fixtures: readonly FixtureProduct[]): Promise<{ ids: Map<string, number>; added: string[] }> {
  const ids = new Map<string, number>();
  const found = (index: ProductIndex, f: FixtureProduct) =>
    index.all.find((p) => p.type === f.type && p.exifNames.some((n) => n.toLowerCase() === f.exifNames[0]!.toLowerCase()));
  let index = await productIndex(db);
  const missing = fixtures.filter((f) => !found(index, f));
  for (const f of missing) {
    const key = `test-${f.exifNames[0]!.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`;
    await db.insert(products).values({
      key,
      source: 'admin',
      type: f.type,
      company: f.company,
      brand: f.brand,
      name: f.name,
      exifMake: f.exifMake,
      exifNames: f.exifNames,
      mount: f.mount,
      focalMin: f.focalMin ?? null,
      focalMax: f.focalMax ?? null,
      apertureMin: f.apertureMin ?? null,
      apertureMax: f.apertureMin ?? null,
      searchText: productSearchText(f),
    });
  }
  if (missing.length > 0) {
    productsChanged(db);
    index = await productIndex(db);
  }
  for (const f of fixtures) ids.set(f.exifNames[0]!, found(index, f)!.id);
  return { ids, added: missing.map((f) => f.exifNames[0]!) };
}
