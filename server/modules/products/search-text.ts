// The words a product is found by: every name it goes by, lower-cased and NFKC-folded, plus
// compact forms (no spaces or punctuation) so "5d mark iv", "eos5d" and "24-70" all meet.

export interface SearchSource {
  brand: string;
  name: string;
  nameKo?: string;
  exifMake?: string;
  exifNames?: readonly string[];
  mount?: string;
}

/** Lower-case, NFKC, punctuation other than '.' and '-' made spaces, spaces collapsed. */
export function foldSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.\-\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every name of the product, folded, each also without spaces and hyphens. */
export function productSearchText(p: SearchSource): string {
  const names = [p.brand, `${p.brand} ${p.name}`, p.name, p.nameKo ?? '', p.exifMake ?? '', ...(p.exifNames ?? []), p.mount ?? ''];
  const words = new Set<string>();
  for (const n of names) {
    const folded = foldSearch(n);
    if (!folded) continue;
    words.add(folded);
    words.add(folded.replace(/[\s-]/g, ''));
  }
  // "5d4", "5dmk4", "z6ii": the spellings the pickers' search also knows.
  for (const n of [p.name, ...(p.exifNames ?? []).filter((e) => !e.startsWith('id:'))]) for (const s of spellings(n)) words.add(s);
  return [...words].join(' | ');
}

// ---------------------------------------------------------------------------------------------
// The in-memory forms the pickers' search compares against (product-index.ts, search.ts).

/** Korean names members type for makers (by maker key or family). */
export const KOREAN_MAKERS: Record<string, string[]> = {
  canon: ['캐논', '캐넌'],
  nikon: ['니콘'],
  sony: ['소니'],
  fuji: ['후지', '후지필름'],
  olympus: ['올림푸스', '오엠'],
  panasonic: ['파나소닉', '루믹스'],
  pentax: ['펜탁스'],
  ricoh: ['리코'],
  leica: ['라이카'],
  samsung: ['삼성'],
  apple: ['애플', '아이폰'],
  sigma: ['시그마'],
  tamron: ['탐론'],
  tokina: ['토키나'],
  samyang: ['삼양'],
  zeiss: ['자이스', '칼자이스'],
  voigtlander: ['보이그랜더', '보익트랜더'],
  viltrox: ['빌트록스'],
  hasselblad: ['핫셀블라드'],
};

const TYPE_WORDS: Record<string, string[]> = {
  body: ['바디', '카메라'],
  lens: ['렌즈'],
  flash: ['플래시', '플래쉬', '스트로보'],
  accessory: ['액세서리', '악세사리'],
};

const ROMAN = ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi'];

/** "Mark II", "MkII", "mark 2", "_2" (Nikon's Z 6_2) → "mk2"; the rest as foldSearch. */
export function searchFold(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ƒ/g, 'f')
    .replace(/m(?:ar)?k\.?\s*(vi|iv|v|i{1,3}|[1-6])(?![a-z])/g, (_, n: string) => `mk${ROMAN.indexOf(n) > 0 ? ROMAN.indexOf(n) : n}`)
    .replace(/(\d)_(\d)\b/g, '$1mk$2')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters and digits only. */
export const searchCompact = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');

/** One name's spellings: "eos5dmk4", "eos5d4", "eos5div", and without the series word "5dmk4" … */
function spellings(name: string): string[] {
  const folded = searchFold(name);
  const base = searchCompact(folded);
  if (!base) return [];
  const out = new Set([base, base.replace(/mk(\d)/g, '$1'), base.replace(/mk(\d)/g, (_, d: string) => ROMAN[+d] ?? d)]);
  // A roman numeral word as a digit: "GR III" → "gr3", "K-5 II" → "k52".
  const digits = folded.replace(/(^|[\s-])(vi|iv|iii|ii)(?=$|[\s-])/g, (_, a: string, r: string) => a + ROMAN.indexOf(r));
  if (digits !== folded) out.add(searchCompact(digits));
  for (const s of [...out]) {
    const bare = s.replace(/^(eos|ilce|dmc|dc|dsc)(?=\d|[a-z]\d)/, '');
    if (bare !== s && bare.length >= 2) out.add(bare);
    // Sony bodies are known by their α names: ILCE-7M4 → a7m4.
    if (s.startsWith('ilce')) {
      const alpha = 'a' + s.slice(4);
      out.add(alpha);
      out.add(alpha.replace(/m(\d)$/, (_, d: string) => ROMAN[+d] ?? d));
    }
  }
  return [...out];
}

export interface SearchForms {
  /** Every spelling of every name, compact: equality and prefix tests. */
  names: string[];
  /** The names, Korean maker and type words, joined by spaces: "contains" tests per word. */
  hay: string;
  /** Lenses: focal lengths ("24-70", "50") and widest apertures ("2.8") their names give. */
  focals: string[];
  apertures: string[];
}

export interface SearchFormSource extends SearchSource {
  type: string;
  company: string;
  focalMin?: number | null;
  focalMax?: number | null;
  apertureMin?: number | null;
}

const short = (n: number) => String(+n.toFixed(1));

export function productSearchForms(p: SearchFormSource): SearchForms {
  const sources = [p.name, `${p.brand} ${p.name}`, p.nameKo ?? '', ...(p.exifNames ?? []).filter((n) => !n.startsWith('id:'))];
  const names = [...new Set(sources.flatMap(spellings))];
  const brandKey = searchCompact(foldSearch(p.brand));
  const words = [
    ...names,
    brandKey,
    ...(KOREAN_MAKERS[p.company] ?? KOREAN_MAKERS[brandKey] ?? []),
    ...(p.company === 'ricoh' ? KOREAN_MAKERS.pentax! : []),
    ...(TYPE_WORDS[p.type] ?? []),
    searchCompact(foldSearch(p.mount ?? '')),
  ];
  const focals: string[] = [];
  const apertures: string[] = [];
  if (p.type === 'lens' && p.focalMin != null) {
    focals.push(p.focalMax != null && Math.abs(p.focalMax - p.focalMin) > 0.05 ? `${short(p.focalMin)}-${short(p.focalMax)}` : short(p.focalMin));
    if (p.apertureMin != null) apertures.push(short(p.apertureMin));
  }
  if (p.type === 'lens') {
    for (const n of sources) {
      const f = /(\d+(?:\.\d+)?)(?:\s*-\s*(\d+(?:\.\d+)?))?\s*mm/i.exec(n);
      if (f) focals.push(f[2] && +f[2] !== +f[1]! ? `${+f[1]!}-${+f[2]}` : `${+f[1]!}`);
      const a = /(?:f\s*\/?\s*|1:)(\d+(?:\.\d+)?)/i.exec(n.replace(/^.*?mm/i, ''));
      if (a) apertures.push(`${+a[1]!}`);
    }
  }
  return { names, hay: [...new Set(words.filter(Boolean))].join(' '), focals: [...new Set(focals)], apertures: [...new Set(apertures)] };
}
