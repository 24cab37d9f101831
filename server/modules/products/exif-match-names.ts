// How EXIF strings and product names are brought to one form before they are compared: the
// maker family an EXIF Make means, a body model's compact key, a lens name split into focal
// range, aperture and its remaining words, and which lens mounts fit a body.

/** NFKC, lower case, spaces collapsed. */
export const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Letters and digits only (Hangul kept). */
export const compact = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * EXIF Make (or a brand) → maker family. Pentax and Ricoh share one (Ricoh Imaging writes
 * "RICOH IMAGING COMPANY, LTD." on Pentax bodies); OM Digital Solutions continues Olympus.
 */
const FAMILIES: ReadonlyArray<[RegExp, string]> = [
  [/^nikon|^nikkor/, 'nikon'],
  [/^canon/, 'canon'],
  [/^sony/, 'sony'],
  [/^fuji/, 'fuji'],
  [/^(olympus|om digital|om system|zuiko|m\.zuiko)/, 'olympus'],
  [/^(panasonic|lumix)/, 'panasonic'],
  [/^(pentax|asahi|ricoh|smc pentax)/, 'pentax'],
  [/^leica/, 'leica'],
  [/^apple/, 'apple'],
  [/^samsung/, 'samsung'],
  [/^(carl zeiss|zeiss)/, 'zeiss'],
  [/^voigtl(a|ä|ae)nder/, 'voigtlander'],
  [/^(samyang|rokinon)/, 'samyang'],
];

/** The family of an EXIF Make or a brand name: a maker key of common/products/makers.ts or the first word ("sigma", "dji"). */
export function familyOf(makeOrBrand: string): string {
  const f = fold(makeOrBrand);
  if (!f) return '';
  for (const [re, family] of FAMILIES) if (re.test(f)) return family;
  return compact(f.split(' ')[0] ?? '');
}

/** A product's family: its maker key, Ricoh with Pentax, third-party makers by brand. */
export function productFamily(company: string, brand: string): string {
  if (company === 'ricoh') return 'pentax';
  if (company === 'other' || company === '') return familyOf(brand);
  return company;
}

/** Maker words bodies repeat at the start of their model ("NIKON Z 6_2", "Canon EOS R5"). */
const MODEL_PREFIX =
  /^(nikon|canon|sony|fujifilm|fuji|olympus|om digital solutions|panasonic|lumix|pentax|ricoh|leica|samsung|apple|sigma|hasselblad|dji)[\s_-]*/;

const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6' };

/** "Mark II", "MkII", "mark 2", "Mk.II" → "mk2". */
export function markForm(s: string): string {
  return s.replace(/m(?:ar)?k\.?\s*(vi|iv|v|i{1,3}|[1-6])(?![a-z])/g, (_, n: string) => `mk${ROMAN[n] ?? n}`);
}

/** A body model as a comparable key: maker words dropped, "Mark II" forms alike, letters and digits only. */
export function modelKey(model: string): string {
  let s = fold(model);
  for (let i = 0; i < 2; i++) s = s.replace(MODEL_PREFIX, '');
  return compact(markForm(s));
}

// ---------------------------------------------------------------------------------------------
// Lenses

export interface LensForm {
  /** "24-70" or "50"; '' when no focal length could be read. */
  focal: string;
  /** Widest aperture at the short end, "2.8"; '' when unknown. */
  aperture: string;
  /** Aperture at the long end of a zoom when it differs ("5.6"), else ''. */
  apertureLong: string;
  /** The remaining words, version words as "v2" …, sorted and unique. */
  words: string[];
  /** The family a brand word in the name points at ("sigma"), '' when none. */
  family: string;
}

/** Brand words removed from lens names (the maker is compared as a family instead). */
const LENS_BRANDS =
  /(^|[\s(])(canon|nikon|sony|fujifilm|fuji|olympus|panasonic|pentax|ricoh|leica|samsung|sigma|tamron|tokina|samyang|rokinon|carl zeiss|zeiss|voigtl(?:a|ä|ae)nder|viltrox|laowa|apple|lens)(?=$|[\s\-)])-?/g;
const LENS_FAMILY_WORDS: ReadonlyArray<[RegExp, string]> = [
  [/\b(nikkor)\b/, 'nikon'],
  [/\b(fujinon)\b/, 'fuji'],
  [/\b(m\.?\s?zuiko|zuiko)\b/, 'olympus'],
  [/\blumix\b/, 'panasonic'],
  [/\bsmc\b/, 'pentax'],
];

/** Words that say which version of a lens it is. */
const VERSION_WORD: Record<string, string> = { ii: 'v2', iii: 'v3', iv: 'v4', mk2: 'v2', mk3: 'v3', mk4: 'v4', mk1: 'v1' };

const num = (s: string) => String(Number.parseFloat(s));

/** Reads a lens string: "EF24-70mm f/2.8L II USM" → {focal 24-70, aperture 2.8, words [ef, l, usm, v2]}. */
export function lensForm(raw: string, lensMake = ''): LensForm {
  let s = fold(`${lensMake} ${raw}`).replace(/ƒ/g, 'f');
  let family = '';
  const brand = new RegExp(LENS_BRANDS.source).exec(s);
  if (brand) family = familyOf(brand[2]!);
  for (const [re, fam] of LENS_FAMILY_WORDS) if (!family && re.test(s)) family = fam;
  s = s.replace(LENS_BRANDS, '$1 ');
  // Words joined by a hyphen are one word: "EF-S", "AF-S", "PENTAX-DA" (after the brand went).
  s = s.replace(/([a-z])-(?=[a-z])/g, '$1');
  s = s.replace(/f\s*\/\s*/g, 'f').replace(/\b1\s*:\s*(?=\d)/g, 'f');
  s = markForm(s);

  let focal = '';
  let aperture = '';
  let apertureLong = '';
  // Leica "SUMMILUX 1:1.7/28": aperture then focal length.
  const leica = /f(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)(?!\s*mm)/.exec(s);
  if (leica) {
    aperture = num(leica[1]!);
    focal = num(leica[2]!);
    s = s.replace(leica[0], ' ');
  } else {
    // "24-70mm", "XF23mm", "12-35/F2.8" (Panasonic writes no "mm").
    const f = /(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?(?:\s*mm|(?=\s*\/\s*f\d))/.exec(s);
    if (f) {
      focal = f[2] && num(f[2]) !== num(f[1]!) ? `${num(f[1]!)}-${num(f[2])}` : num(f[1]!);
      s = s.replace(f[0], ' ');
    }
    const a = /\/?\s*f(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?/.exec(s);
    if (a && focal) {
      aperture = num(a[1]!);
      if (a[2] && num(a[2]) !== aperture) apertureLong = num(a[2]);
      s = s.replace(a[0], ' ');
    }
  }
  const words = new Set<string>();
  for (const w of s.split(/[^\p{L}\p{N}]+/u)) {
    if (!w) continue;
    words.add(VERSION_WORD[w] ?? w);
  }
  return { focal, aperture, apertureLong, words: [...words].sort(), family };
}

/** The full comparable form of a lens name: same focal, apertures and words. */
export const lensKey = (l: LensForm) => `${l.focal}|${l.aperture}|${l.apertureLong}|${l.words.join(' ')}`;
/** The spec part only: lenses that could be the same glass. */
export const lensSpecKey = (focal: string, aperture: string) => `${focal}|${aperture}`;

export const versionsOf = (words: readonly string[]) => words.filter((w) => /^v\d$/.test(w)).join(' ');

// ---------------------------------------------------------------------------------------------
// Mounts

/** Mounts a body takes through a common adapter (a lower preference than its own). */
const ADAPTED: Record<string, string[]> = {
  'canon rf': ['canon ef', 'canon ef-s'],
  'canon ef-m': ['canon ef', 'canon ef-s'],
  'nikon z': ['nikon f'],
  'sony e': ['sony alpha', 'minolta af'],
  'micro 4/3 system': ['4/3 system'],
  'leica l': ['leica m'],
};

/** The family a mount name belongs to: Nikon F variants, Pentax K variants, Canon EF with EF-S. */
function mountFamily(m: string): string {
  if (/^nikon f\b/.test(m)) return 'nikon f';
  if (/^pentax k/.test(m)) return 'pentax k';
  if (m === 'sony alpha' || m === 'minolta af') return 'sony alpha';
  return m;
}

/**
 * How well a lens's mount(s) fit a body's: 2 its own mount (an EF-S body takes EF lenses too),
 * 1 through a usual adapter, 0 not at all or unknown.
 */
export function mountFit(bodyMount: string, lensMount: string): 0 | 1 | 2 {
  const body = fold(bodyMount);
  if (!body) return 0;
  let best: 0 | 1 | 2 = 0;
  // "Sigma SA 외 4종": a lens made for more mounts than the name lists may well fit.
  const more = /\s외\s*\d+\s*종$/.exec(lensMount);
  if (more) best = 1;
  for (const raw of lensMount.replace(/\s외\s*\d+\s*종$/, '').split(/\s*[,;|]\s*/)) {
    const lens = fold(raw);
    if (!lens) continue;
    if (lens === body || mountFamily(lens) === mountFamily(body) || (body === 'canon ef-s' && lens === 'canon ef')) return 2;
    if ((ADAPTED[body] ?? []).some((a) => mountFamily(a) === mountFamily(lens))) best = 1;
  }
  return best;
}
