// Turns the lensfun database (Debian's liblensfun-data-v1: usr/share/lensfun/version_1/*.xml)
// into the bundled product catalogue, server/modules/products/catalogue/lensfun.json.
//   npx tsx scripts/import-lensfun.ts <xml dir> [out file]
// Calibration data is skipped; bodies keep compacts, phones and action cams (members own them);
// lenses keep those for interchangeable mounts (a compact's fixed lens is part of its body).
// Keys already in the output file are kept for the same catalogueId, so URLs survive re-imports.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { CatalogueRecord } from '../server/modules/products/catalogue-record.js';
import { makerOf, parseLensName, slugOf, specRows, stripMaker, type LensOptics } from './import-lensfun-names.js';

type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { attribs: Record<string, string> }>;

export const DEFAULT_OUT = 'server/modules/products/catalogue/lensfun.json';

export interface RawEntry {
  kind: 'camera' | 'lens';
  maker: string;
  makerEn?: string;
  model: string;
  modelEn?: string;
  variant?: string;
  mounts: string[];
  cropFactor: number | null;
  lensKind?: string;
  focal?: { min?: number; max?: number };
  aperture?: { min?: number };
}

const isElement = (n: Node): n is Element => 'attribs' in n && 'name' in n;
const childElements = (el: Element, name: string) => el.children.filter((c): c is Element => isElement(c) && c.name === name);
const text = (el: Element) => DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
/** The element without a lang attribute (the EXIF string) and the English one. */
function names(el: Element, tag: string): { plain?: string; en?: string } {
  const all = childElements(el, tag);
  return {
    plain: all.find((e) => !e.attribs.lang) && text(all.find((e) => !e.attribs.lang)!),
    en: all.find((e) => e.attribs.lang === 'en') && text(all.find((e) => e.attribs.lang === 'en')!),
  };
}
const numberAttr = (el: Element | undefined, name: string) => {
  const v = el?.attribs[name];
  return v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);
};

/** Cameras, lenses and declared mount names of one lensfun XML file. */
export function parseLensfunXml(xml: string): { entries: RawEntry[]; mounts: string[] } {
  const doc = parseDocument(xml, { xmlMode: true });
  const root = doc.children.find((c): c is Element => isElement(c) && c.name === 'lensdatabase');
  if (!root) return { entries: [], mounts: [] };
  const mounts: string[] = [];
  const entries: RawEntry[] = [];
  for (const el of root.children.filter(isElement)) {
    if (el.name === 'mount') {
      for (const n of childElements(el, 'name')) mounts.push(text(n));
      // The generic mount lists every interchangeable mount lensfun knows.
      for (const c of childElements(el, 'compat')) mounts.push(text(c));
      continue;
    }
    if (el.name !== 'camera' && el.name !== 'lens') continue;
    const maker = names(el, 'maker');
    const model = names(el, 'model');
    if (!maker.plain || !model.plain) continue;
    const crop = childElements(el, 'cropfactor')[0];
    const focal = childElements(el, 'focal')[0];
    const aperture = childElements(el, 'aperture')[0];
    const variant = childElements(el, 'variant')[0];
    const type = childElements(el, 'type')[0];
    const focalValue = numberAttr(focal, 'value');
    entries.push({
      kind: el.name,
      maker: maker.plain,
      makerEn: maker.en,
      model: model.plain,
      modelEn: model.en,
      variant: variant ? text(variant) : undefined,
      mounts: childElements(el, 'mount').map(text),
      cropFactor: crop && text(crop) && !Number.isNaN(Number(text(crop))) ? Number(text(crop)) : null,
      lensKind: type ? text(type) : undefined,
      focal: focal ? { min: numberAttr(focal, 'min') ?? focalValue, max: numberAttr(focal, 'max') ?? focalValue } : undefined,
      aperture: aperture ? { min: numberAttr(aperture, 'min') ?? numberAttr(aperture, 'value') } : undefined,
    });
  }
  return { entries, mounts };
}

const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);

/** Focal range and apertures: from the name, else from lensfun's focal/aperture elements. */
function opticsOf(e: RawEntry): LensOptics {
  const fromName = parseLensName(e.model);
  const fromEn = e.modelEn ? parseLensName(e.modelEn) : fromName;
  const o = { ...fromName };
  if (o.focalMin === null) ({ focalMin: o.focalMin, focalMax: o.focalMax } = fromEn);
  if (o.apertureMin === null) ({ apertureMin: o.apertureMin, apertureMax: o.apertureMax } = fromEn);
  if (o.focalMin === null && e.focal?.min !== undefined) {
    o.focalMin = e.focal.min;
    o.focalMax = e.focal.max ?? e.focal.min;
  }
  // lensfun's aperture element is the widest and narrowest f-number: only its widest is ours,
  // and it says nothing about a zoom's long end.
  if (o.apertureMin === null && e.aperture?.min !== undefined) {
    o.apertureMin = e.aperture.min;
    o.apertureMax = o.focalMin === o.focalMax ? e.aperture.min : null;
  }
  return o;
}

type Draft = Omit<CatalogueRecord, 'key'>;
type Work = Draft & { mounts: string[]; lensKind?: string; hasEnglishName: boolean };

/** lensfun's mount spelling slips, as the mount's own name. */
const MOUNT_FIXES: Record<string, string> = { 'Nikon AF F': 'Nikon F AF' };
/** lensfun's pseudo cameras for film scans ("35mm film: full frame"): not products. */
const FILM = /\bfilm\s*:/i;
/** Aspect-ratio entries of one compact ("PowerShot G5 X (4:3)") are one camera. */
const ASPECT = /\s*\(?\b(?:1:1|3:2|4:3|16:9)\)?$/;

/** The mount column fits the admin form (40 characters); the spec row lists every mount. */
function mountColumn(mounts: readonly string[]): string {
  const all = mounts.join(', ');
  return all.length <= 40 ? all : `${mounts[0]} 외 ${mounts.length - 1}종`;
}

const byCatalogueId = (a: { catalogueId: string }, b: { catalogueId: string }) =>
  a.catalogueId < b.catalogueId ? -1 : a.catalogueId > b.catalogueId ? 1 : 0;

/**
 * Catalogue records (without keys) from every file's entries. lensfun lists a lens once per
 * calibration camera and a product under several EXIF spellings: entries with one brand and
 * name (and for bodies one EXIF maker) become one product with every EXIF name and mount, under
 * the smallest catalogueId of the group.
 */
export function toRecords(entries: readonly RawEntry[], interchangeable: ReadonlySet<string>): Draft[] {
  const works: Work[] = [];
  for (const e of entries) {
    if (e.maker === 'Generic' || (e.kind === 'camera' && FILM.test(e.model))) continue;
    const { company, brand } = makerOf(e.maker, e.makerEn, e.model);
    // "& compatibles" is lensfun's note that other models share the entry, not part of a name.
    let name = stripMaker(e.modelEn ?? e.model, [brand, e.maker, e.makerEn]).replace(/\s*&\s*compatibles$/i, '');
    // A fixed-lens mount is a camera's own id ("canonG3", "LeicaQ2"): never spaced.
    const mounts = [...new Set(e.mounts.map((m) => MOUNT_FIXES[m] ?? m))].filter((m) => interchangeable.has(m) || / /.test(m));
    const base = { company, brand, exifNames: [e.model], mounts, cropFactor: round(e.cropFactor), hasEnglishName: !!e.modelEn };
    if (e.kind === 'camera') {
      if (e.variant && !/^variant of/i.test(e.variant)) name = `${name} ${e.variant}`;
      name = name.replace(ASPECT, '') || name;
      works.push({
        ...base,
        catalogueId: `body:${e.maker}:${e.model}${e.variant ? `:${e.variant}` : ''}`,
        type: 'body',
        name,
        exifMake: e.maker,
        mount: '',
        focalMin: null,
        focalMax: null,
        apertureMin: null,
        apertureMax: null,
        specs: [],
      });
    } else if (mounts.length > 0) {
      // (No interchangeable mount: a compact's or phone's built-in lens, part of its body.)
      works.push({ ...base, catalogueId: `lens:${e.maker}:${e.model}`, type: 'lens', name, exifMake: '', mount: '', ...opticsOf(e), specs: [], lensKind: e.lensKind });
    }
  }
  works.sort(byCatalogueId);
  const groups = new Map<string, Work>();
  const byId = new Map<string, Work>();
  for (const w of works) {
    const group = [w.type, w.company, w.brand, w.name, w.type === 'body' ? w.exifMake : ''].join('\u0000').toLowerCase();
    // One catalogueId is one product even when lensfun names it differently in places.
    const first = byId.get(w.catalogueId) ?? groups.get(group);
    if (!first) {
      groups.set(group, w);
      byId.set(w.catalogueId, w);
      continue;
    }
    if (first.catalogueId === w.catalogueId && !first.hasEnglishName && w.hasEnglishName) {
      first.name = w.name;
      first.hasEnglishName = true;
    }
    byId.set(w.catalogueId, first);
    first.exifNames = [...new Set([...first.exifNames, ...w.exifNames])];
    if (first.type === 'lens') {
      first.mounts = [...new Set([...first.mounts, ...w.mounts])];
      if (w.cropFactor !== null && (first.cropFactor === null || w.cropFactor < first.cropFactor)) first.cropFactor = w.cropFactor;
      first.lensKind ??= w.lensKind;
      for (const k of ['focalMin', 'focalMax', 'apertureMin', 'apertureMax'] as const) first[k] ??= w[k];
    }
  }
  return [...new Set(byId.values())].map(({ mounts, lensKind, hasEnglishName: _, ...d }) => {
    const mount = d.type === 'body' ? (mounts[0] ?? '') : mountColumn(mounts);
    const specs = specRows({ ...d, mount: mounts.join(', '), lensKind });
    return { ...d, mount, specs };
  });
}

/**
 * URL keys: the previous file's key for a known catalogueId, else a slug of brand and name with
 * "-2", "-3" … when taken.
 */
export function assignKeys(drafts: readonly Draft[], previous: ReadonlyMap<string, string>): CatalogueRecord[] {
  const used = new Set<string>();
  const keyOf = new Map<string, string>();
  for (const d of drafts) {
    const old = previous.get(d.catalogueId);
    if (old && !used.has(old)) {
      used.add(old);
      keyOf.set(d.catalogueId, old);
    }
  }
  for (const d of drafts) {
    if (keyOf.has(d.catalogueId)) continue;
    const base = slugOf(`${d.brand} ${d.name}`);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
    used.add(key);
    keyOf.set(d.catalogueId, key);
  }
  return drafts.map((d) => ({ ...d, key: keyOf.get(d.catalogueId)! }));
}

/** Field order in the file: the id and key first, then as the products table reads. */
const FIELD_ORDER: string[] = ['catalogueId', 'key', 'type', 'company', 'brand', 'name', 'exifMake', 'exifNames', 'mount', 'cropFactor', 'focalMin', 'focalMax', 'apertureMin', 'apertureMax', 'specs', 'label', 'value'];

/** One record a line, fields in one order: small diffs when lensfun changes. */
export function formatCatalogue(records: readonly CatalogueRecord[]): string {
  return '[\n' + records.map((r) => JSON.stringify(r, FIELD_ORDER)).join(',\n') + '\n]\n';
}

export function importLensfun(dir: string, previous: ReadonlyMap<string, string> = new Map()): CatalogueRecord[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.xml') && f !== 'generic.xml')
    .sort();
  const entries: RawEntry[] = [];
  const mounts = new Set<string>();
  for (const f of files) {
    const parsed = parseLensfunXml(readFileSync(join(dir, f), 'utf8'));
    entries.push(...parsed.entries);
    for (const m of parsed.mounts) mounts.add(m);
  }
  // generic.xml is skipped for its entries but names every interchangeable mount.
  const generic = join(dir, 'generic.xml');
  if (existsSync(generic)) for (const m of parseLensfunXml(readFileSync(generic, 'utf8')).mounts) mounts.add(m);
  mounts.delete('Generic');
  return assignKeys(toRecords(entries, mounts), previous);
}

function main(argv: string[]) {
  const [dir, out = DEFAULT_OUT] = argv;
  if (!dir) {
    console.error('사용법: npx tsx scripts/import-lensfun.ts <lensfun version_1 폴더> [출력 파일]');
    process.exit(2);
  }
  const outFile = resolve(out);
  const previous = new Map<string, string>();
  if (existsSync(outFile)) {
    for (const r of JSON.parse(readFileSync(outFile, 'utf8')) as CatalogueRecord[]) previous.set(r.catalogueId, r.key);
  }
  const records = importLensfun(resolve(dir), previous);
  writeFileSync(outFile, formatCatalogue(records));
  const counts = new Map<string, number>();
  for (const r of records) counts.set(`${r.type} ${r.company}`, (counts.get(`${r.type} ${r.company}`) ?? 0) + 1);
  const bodies = records.filter((r) => r.type === 'body').length;
  console.log(`${outFile}: 바디 ${bodies}개, 렌즈 ${records.length - bodies}개`);
  for (const [k, n] of [...counts].sort()) console.log(`  ${k}: ${n}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main(process.argv.slice(2));
