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
  return [...words].join(' | ');
}
