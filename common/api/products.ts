// Product database calls (docs/product/products.md).
import { z } from 'zod';
import { MAKER_KEYS, PRODUCT_TYPES } from '../products/makers.js';
import { nameText, optionalText } from '../validation.js';
import { pageOf } from './common.js';

export const ProductType = z.enum(PRODUCT_TYPES, { message: '제품 종류를 골라 주세요.' });
/** A maker key from the maker list (common/products/makers.ts) or 'other'; 'all' in lists means every maker. */
export const MakerKey = z.string({ error: '제조사를 골라 주세요.' }).refine((v) => MAKER_KEYS.includes(v), '제조사를 골라 주세요.');
export const ProductKey = z.string({ error: '제품을 찾을 수 없습니다.' }).trim().min(1, '제품을 찾을 수 없습니다.').max(120, '제품을 찾을 수 없습니다.');

export const SpecRow = z.object(
  {
    label: nameText('항목 이름', 40),
    value: nameText('항목 값', 200),
  },
  { error: '사양을 확인해 주세요.' },
);
export type SpecRow = z.infer<typeof SpecRow>;

export const ProductImage = z.object({ fileKey: z.string(), url: z.string(), thumbUrl: z.string().nullable() });

/** A maker with how many visible products it has per type. */
export const Maker = z.object({
  key: z.string(),
  name: z.string(),
  img: z.string(),
  height: z.number().int(),
  camera: z.boolean(),
  counts: z.object({ body: z.number().int(), lens: z.number().int(), flash: z.number().int(), accessory: z.number().int() }),
});
export const MakerList = z.object({ items: z.array(Maker) });

/** A product in lists and pickers. */
export const ProductCard = z.object({
  key: z.string(),
  type: ProductType,
  company: z.string(),
  brand: z.string(),
  name: z.string(),
  nameKo: z.string(),
  mount: z.string(),
  announced: z.string(),
  /** Key specs in one line: "풀프레임 · EF 마운트", "24–70mm · F2.8". */
  summary: z.string(),
  thumbUrl: z.string().nullable(),
});
export type ProductCard = z.infer<typeof ProductCard>;

/** A 1-based page number; anything else is a Korean 400. */
const PageNumber = z
  .number({ message: '페이지 번호를 확인해 주세요.' })
  .int('페이지 번호를 확인해 주세요.')
  .min(1, '페이지 번호를 확인해 주세요.')
  .max(100000, '페이지 번호를 확인해 주세요.')
  .default(1);

export const ProductListQuery = z.object({
  type: ProductType,
  /** A maker key or 'all'. */
  company: z.string().refine((v) => v === 'all' || MAKER_KEYS.includes(v), '제조사를 골라 주세요.'),
  page: PageNumber,
  search: z.string().trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
});
export const ProductPage = pageOf(ProductCard);

export const ProductViewQuery = z.object({ productKey: ProductKey });

/** What other areas attach to a product; each list is empty until its area exists. */
export const ProductAttached = z.object({
  usedPrices: z.array(z.object({ date: z.string(), price: z.number().int(), itemKey: z.string() })),
  forSale: z.array(
    z.object({
      itemKey: z.string(),
      title: z.string(),
      price: z.number().int(),
      thumbUrl: z.string().nullable(),
      /** The seller, so the app folds an ignored member's item (decision 46); '' once withdrawn. */
      sellerId: z.string(),
    }),
  ),
  photos: z.array(
    z.object({
      fileKey: z.string(),
      /** Whose photo it is, so the app folds an ignored member's (decision 46); '' once withdrawn. */
      userId: z.string(),
      thumbUrl: z.string(),
      url: z.string(),
      postKey: z.number().int().nullable(),
      /** The post's board, so the page can link the photo to its post (/board/{boardId}/view/{postKey}). */
      boardId: z.string().optional(),
    }),
  ),
  photoCount: z.number().int(),
});

export const ProductView = ProductCard.extend({
  exifMake: z.string(),
  exifNames: z.array(z.string()),
  cropFactor: z.number().nullable(),
  focalMin: z.number().nullable(),
  focalMax: z.number().nullable(),
  apertureMin: z.number().nullable(),
  apertureMax: z.number().nullable(),
  specs: z.array(SpecRow),
  images: z.array(ProductImage),
  /** 'catalogue' rows carry the lensfun attribution (CC BY-SA 3.0) on the page. */
  source: z.enum(['catalogue', 'admin']),
  attached: ProductAttached,
  /** Members who list it as their gear ("회원 37명이 씁니다"); a number only, never who. */
  owners: z.number().int(),
});
export type ProductView = z.infer<typeof ProductView>;

export const ProductSearchQuery = z.object({
  q: z.string({ message: '검색어를 입력해 주세요.' }).trim().min(1, '검색어를 입력해 주세요.').max(60, '검색어는 60자까지 입력할 수 있습니다.'),
});
export const ProductSearchResult = z.object({ items: z.array(ProductCard) });

const exifString = (name: string) => z.string({ message: `${name} 글자로 보내 주세요.` }).max(200, `${name} 200자까지 보낼 수 있습니다.`);
export const ProductMatchQuery = z.object({
  make: exifString('제조사는').default(''),
  model: exifString('모델명은').default(''),
  lens: exifString('렌즈 이름은').optional(),
});
export const ProductMatchResult = z.object({ camera: ProductCard.nullable(), lens: ProductCard.nullable() });

// ---- admin ----

export const AdminProductListQuery = z.object({
  page: PageNumber,
  search: z.string().trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
  type: ProductType.optional(),
  company: MakerKey.optional(),
  hidden: z.boolean().optional(),
  sort: z.enum(['name', 'updated', 'announced']).default('name'),
});
export const AdminProductRow = ProductCard.extend({
  hidden: z.boolean(),
  source: z.enum(['catalogue', 'admin']),
  edited: z.boolean(),
  updatedAt: z.string(),
  /** The key of the product this one was merged into, or null. */
  mergedInto: z.string().nullable(),
});
export const AdminProductPage = pageOf(AdminProductRow);

const optionalNumber = (max: number, message: string) => z.number({ error: message }).positive(message).max(max, message).nullable().default(null);

/** Create (no key) or edit (key) a product. */
export const AdminProductSave = z.object({
  key: ProductKey.optional(),
  type: ProductType,
  company: MakerKey,
  brand: nameText('제조사 이름', 40),
  name: nameText('제품 이름', 100),
  nameKo: optionalText('한글 이름', 100).default(''),
  exifMake: optionalText('EXIF 제조사', 64).default(''),
  exifNames: z
    .array(nameText('EXIF 이름', 120), {
      error: 'EXIF 이름을 확인해 주세요.',
    })
    .max(20, 'EXIF 이름은 20개까지 넣을 수 있습니다.')
    .default([]),
  mount: optionalText('마운트', 40).default(''),
  cropFactor: optionalNumber(10, '크롭 배율을 확인해 주세요.'),
  focalMin: optionalNumber(5000, '초점 거리를 확인해 주세요.'),
  focalMax: optionalNumber(5000, '초점 거리를 확인해 주세요.'),
  apertureMin: optionalNumber(64, '조리개 값을 확인해 주세요.'),
  apertureMax: optionalNumber(64, '조리개 값을 확인해 주세요.'),
  announced: z
    .string({ error: '발표일은 2024, 2024-05 또는 2024-05-21처럼 입력해 주세요.' })
    .trim()
    .regex(/^(|\d{4}(-\d{2}(-\d{2})?)?)$/, '발표일은 2024, 2024-05 또는 2024-05-21처럼 입력해 주세요.')
    .default(''),
  specs: z.array(SpecRow, { error: '사양을 확인해 주세요.' }).max(60, '사양은 60줄까지 넣을 수 있습니다.').default([]),
  /** Uploaded files (the file pipeline's keys), in order. */
  imageKeys: z.array(z.string({ error: '사진을 찾을 수 없습니다. 사진을 다시 올려 주세요.' }), { error: '사진을 찾을 수 없습니다. 사진을 다시 올려 주세요.' }).max(12, '사진은 12장까지 넣을 수 있습니다.').default([]),
  hidden: z.boolean({ error: '숨김 여부를 확인해 주세요.' }).default(false),
});
export const AdminProductSaved = z.object({ key: z.string() });
/** Hide (products others point at) or delete (nothing points at it) a product. */
export const AdminProductDelete = z.object({ key: ProductKey });
export const AdminProductDeleted = z.object({ result: z.enum(['deleted', 'hidden']) });
/** Merge `from` into `into`: everything pointing at `from` moves, `from` redirects. */
export const AdminProductMerge = z.object({ from: ProductKey, into: ProductKey });
/** After a merge: the product that stays, and how many photos and map rules moved to it. */
export const AdminProductMerged = z.object({ into: z.string(), photos: z.number().int(), maps: z.number().int() });
/** The admin "catalogue update": adds what is new in the bundled catalogue, leaves edited rows. */
export const CatalogueUpdateResult = z.object({ added: z.number().int(), updated: z.number().int(), kept: z.number().int() });

export const ProductMapRow = z.object({
  id: z.number().int(),
  pattern: z.string(),
  productKey: z.string(),
  productName: z.string(),
  note: z.string(),
  updatedAt: z.string(),
});
export const ProductMapListQuery = z.object({
  page: PageNumber,
  search: z.string().trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
});
export const ProductMapPage = pageOf(ProductMapRow);
/** Pattern: plain words that must all appear in a title (any order, case and spacing ignored); '*' inside a word matches any letters. */
export const ProductMapPattern = nameText('규칙', 100);
/** A rule's id: a whole number the id column can hold (a larger one would be a database error). */
const MapRuleId = z
  .number({ error: '규칙을 찾을 수 없습니다.' })
  .int('규칙을 찾을 수 없습니다.')
  .min(1, '규칙을 찾을 수 없습니다.')
  .max(2_147_483_647, '규칙을 찾을 수 없습니다.');
export const ProductMapSave = z.object({
  id: MapRuleId.optional(),
  pattern: ProductMapPattern,
  productKey: ProductKey,
  note: optionalText('메모', 200).default(''),
});
export const ProductMapSaved = z.object({ id: z.number().int() });
export const ProductMapDelete = z.object({ id: MapRuleId });
export const ProductMapTest = z.object({ pattern: ProductMapPattern });
/** Existing titles (board posts now, market items once they exist) the pattern would catch. */
export const ProductMapTestResult = z.object({
  items: z.array(z.object({ kind: z.enum(['post', 'market']), key: z.number().int(), title: z.string(), url: z.string() })),
  total: z.number().int(),
  /** How many of the latest titles were looked at (at most 5,000). */
  scanned: z.number().int(),
});
