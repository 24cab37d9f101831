// How lensfun's names become catalogue fields: maker → company and brand, the model without the
// maker, focal range and aperture read from lens names, sensor size from crop factor, URL keys
// and the Korean spec rows. Pure functions (tested in import-lensfun.test.ts).
import { CAMERA_MAKERS, OTHER_MAKER } from '../common/products/makers.js';

export interface MakerChoice {
  company: string;
  brand: string;
}

/** Company spellings in lensfun (EXIF makers and English names) → the brand people write. */
const BRAND_SPELLINGS: Record<string, string> = {
  'nikon corporation': 'Nikon',
  'olympus imaging corp.': 'Olympus',
  'olympus corporation': 'Olympus',
  'olympus optical co.,ltd': 'Olympus',
  'om digital solutions': 'OM System',
  'carl zeiss': 'Zeiss',
  zeiss: 'Zeiss',
  voigtlander: 'Voigtländer',
  voigtländer: 'Voigtländer',
  'konica minolta camera, inc.': 'Konica Minolta',
  'minolta co., ltd.': 'Minolta',
  'leica camera ag': 'Leica',
  'samsung techwin co.': 'Samsung',
  'samsung techwin': 'Samsung',
  'casio computer co.,ltd': 'Casio',
  'casio computer co.,ltd.': 'Casio',
  'eastman kodak company': 'Kodak',
  'seiko epson corp.': 'Epson',
  'lg mobile': 'LG',
  'pentax corporation': 'Pentax',
  'asahi optical co.,ltd': 'Pentax',
  'ricoh imaging company, ltd.': 'Ricoh',
  'aee dv': 'AEE',
  fujifilm: 'Fujifilm',
};

/** Brands that are a listed maker of common/products/makers.ts (by the brand's lower-case name). */
const COMPANY_OF_BRAND: Record<string, string> = {
  canon: 'canon',
  nikon: 'nikon',
  sony: 'sony',
  fujifilm: 'fuji',
  fuji: 'fuji',
  olympus: 'olympus',
  'om system': 'olympus',
  panasonic: 'panasonic',
  pentax: 'pentax',
  ricoh: 'ricoh',
  leica: 'leica',
  samsung: 'samsung',
  apple: 'apple',
};

const makerName = (key: string) => CAMERA_MAKERS.find((m) => m.key === key)?.name ?? key;

/**
 * The company key and shown brand of a lensfun entry. Ricoh Imaging made both Pentax and Ricoh
 * cameras under one EXIF maker: the model decides (GR and Caplio are Ricoh, the rest Pentax).
 */
export function makerOf(maker: string, makerEn: string | undefined, model: string): MakerChoice {
  const spelled = BRAND_SPELLINGS[maker.toLowerCase()] ?? makerEn ?? maker;
  let brand = BRAND_SPELLINGS[spelled.toLowerCase()] ?? spelled;
  if (brand === 'Ricoh' && /pentax/i.test(model)) brand = 'Pentax';
  if (brand === 'Pentax' && /^(ricoh\s+)?(gr|caplio)\b/i.test(model)) brand = 'Ricoh';
  const company = COMPANY_OF_BRAND[brand.toLowerCase()];
  if (!company) return { company: OTHER_MAKER.key, brand };
  // OM System bodies are listed under Olympus but keep their own name.
  return { company, brand: brand === 'OM System' ? brand : makerName(company) };
}

/** The model without a leading maker name: "Canon EOS 5D Mark IV" → "EOS 5D Mark IV". */
export function stripMaker(model: string, makers: readonly (string | undefined)[]): string {
  const words = [...new Set(makers.filter((m): m is string => !!m).flatMap((m) => [m, m.split(/[\s,]/)[0]!]))]
    .filter((w) => w.length > 1)
    .sort((a, b) => b.length - a.length);
  let name = model.trim();
  for (let again = true; again; ) {
    again = false;
    for (const w of words) {
      if (name.toLowerCase().startsWith(w.toLowerCase() + ' ') && name.length > w.length + 1) {
        name = name.slice(w.length + 1).trim();
        again = true;
      }
    }
  }
  return name;
}

export interface LensOptics {
  focalMin: number | null;
  focalMax: number | null;
  apertureMin: number | null;
  apertureMax: number | null;
}

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
const num = (s: string | undefined) => (s === undefined ? null : Number(s.replace(',', '.')));

/**
 * Focal range and widest apertures from a lens name, in the spellings lensfun uses:
 * "FE 24-70mm F2.8 GM", "18-55mm f/3.5-5.6G", "XF23mmF1.4 R", "Rikenon 1:1.4 50mm",
 * "Touit 2.8/12", "Planar T* 1,4/50".
 */
export function parseLensName(name: string): LensOptics {
  const out: LensOptics = { focalMin: null, focalMax: null, apertureMin: null, apertureMax: null };
  const focal = new RegExp(String.raw`(?:^|[^\d.,])${NUM}(?:\s*-\s*${NUM})?\s*mm`, 'i').exec(name);
  if (focal) {
    out.focalMin = num(focal[1]);
    out.focalMax = num(focal[2]) ?? out.focalMin;
  }
  const aperture =
    new RegExp(String.raw`f\s*[/_]\s*${NUM}(?:\s*-\s*${NUM})?`, 'i').exec(name) ??
    new RegExp(String.raw`(?:^|[^a-z]|mm)f${NUM}(?:\s*-\s*${NUM})?`, 'i').exec(name) ??
    new RegExp(String.raw`(?:^|[\s(])1\s*[:/]\s*${NUM}(?:\s*-\s*${NUM})?`).exec(name);
  if (aperture) {
    out.apertureMin = num(aperture[1]);
    out.apertureMax = num(aperture[2]) ?? out.apertureMin;
  }
  if (!focal) {
    // Zeiss and Leica style: aperture/focal ("2.8/21", "1:2,8/50", "2.8-3.5/25-45"); or a bare range
    // before the aperture ("14-20 F2", "20-60/F3.5-5.6").
    const zeiss = new RegExp(
      String.raw`(?:^|\s)(?:1\s*:\s*)?${NUM}(?:\s*-\s*${NUM})?\s*/\s*${NUM}(?:\s*-\s*${NUM})?(?![\d.,])`,
    ).exec(name);
    const bare = new RegExp(String.raw`(?:^|\s)${NUM}\s*-\s*${NUM}(?=\s*/?\s*f\s*/?\s*\d)`, 'i').exec(name);
    if (zeiss) {
      out.focalMin = num(zeiss[3]);
      out.focalMax = num(zeiss[4]) ?? out.focalMin;
      if (!aperture) {
        out.apertureMin = num(zeiss[1]);
        out.apertureMax = num(zeiss[2]) ?? out.apertureMin;
      }
    } else if (bare) {
      out.focalMin = num(bare[1]);
      out.focalMax = num(bare[2]);
    }
  }
  if (out.focalMin !== null && out.focalMax !== null && out.focalMin > out.focalMax) out.focalMax = out.focalMin;
  return out;
}

/** Korean sensor size for a body's crop factor ("풀프레임", "APS-C", "1/2.3인치급" …). */
export function sensorLabel(crop: number | null, mount: string): string {
  if (crop === null || !(crop > 0)) return '';
  if (crop < 0.95) return '중형 포맷';
  if (crop < 1.15) return '풀프레임';
  if (crop < 1.45) return 'APS-H';
  if (crop < 1.8) return 'APS-C';
  if (crop < 2.35) {
    if (/micro 4\/3/i.test(mount)) return '마이크로 포서드';
    return '포서드';
  }
  if (crop < 3.3) return '1인치';
  // Small sensors: the nearest of the usual type names (an approximation, hence 급).
  const types: [string, number][] = [
    ['2/3인치', 3.93],
    ['1/1.7인치', 4.55],
    ['1/1.8인치', 4.84],
    ['1/2.3인치', 5.62],
    ['1/2.5인치', 6.02],
    ['1/2.7인치', 6.56],
    ['1/3인치', 7.21],
    ['1/3.2인치', 7.6],
  ];
  let best = types[0]!;
  for (const t of types) if (Math.abs(t[1] - crop) < Math.abs(best[1] - crop)) best = t;
  return crop > 8.5 ? '소형 센서' : `${best[0]}급`;
}

/** A number as people write it: at most two decimals, no trailing zeros. */
export function shortNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export function focalText(min: number | null, max: number | null): string {
  if (min === null) return '';
  return max !== null && max !== min ? `${shortNumber(min)}–${shortNumber(max)}mm` : `${shortNumber(min)}mm`;
}

export function apertureText(min: number | null, max: number | null): string {
  if (min === null) return '';
  return max !== null && max !== min ? `F${shortNumber(min)}–${shortNumber(max)}` : `F${shortNumber(min)}`;
}

/** URL slug: ASCII lower-case words joined by '-' ("Voigtländer" → "voigtlander"). */
export function slugOf(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 100).replace(/-+$/, '') || 'product';
}

/** Lens projection types lensfun names, in Korean (rectilinear lenses get no row). */
const LENS_KINDS: Record<string, string> = {
  fisheye: '어안',
  equisolid: '어안 (등입체각)',
  orthographic: '어안 (정사영)',
  stereographic: '어안 (입체사영)',
  panoramic: '파노라마',
  equirectangular: '등장방형',
};

export interface SpecSource extends LensOptics {
  type: 'body' | 'lens';
  mount: string;
  cropFactor: number | null;
  lensKind?: string;
}

/** The label/value rows a product page shows. */
export function specRows(s: SpecSource): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (s.type === 'body') {
    rows.push({ label: '마운트', value: s.mount || '렌즈 일체형' });
    const sensor = sensorLabel(s.cropFactor, s.mount);
    if (sensor) rows.push({ label: '센서 크기', value: sensor });
    if (s.cropFactor) rows.push({ label: '크롭 배율', value: `${shortNumber(s.cropFactor)}배` });
    return rows;
  }
  if (s.mount) rows.push({ label: '마운트', value: s.mount });
  const focal = focalText(s.focalMin, s.focalMax);
  if (focal) rows.push({ label: '초점 거리', value: focal });
  const aperture = apertureText(s.apertureMin, s.apertureMax);
  if (aperture) rows.push({ label: '최대 조리개', value: aperture });
  const kind = s.lensKind ? LENS_KINDS[s.lensKind] : undefined;
  if (kind) rows.push({ label: '렌즈 종류', value: kind });
  return rows;
}
