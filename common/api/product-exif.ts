// Camera and lens names seen in uploads that matched no product, for administrators
// (docs/product/products.md#unmatched-exif-names): the list, giving a name to a product, ignoring it.
import { z } from 'zod';
import { pageOf } from './common.js';
import { ProductKey } from './products.js';

export const EXIF_KINDS = ['body', 'lens'] as const;
export const ExifNameKind = z.enum(EXIF_KINDS, { message: '카메라인지 렌즈인지 골라 주세요.' });

const NOT_FOUND = 'EXIF 이름을 찾을 수 없습니다.';
/** A name's id: a whole number the id column can hold. */
const ExifNameId = z.number({ error: NOT_FOUND }).int(NOT_FOUND).min(1, NOT_FOUND).max(2_147_483_647, NOT_FOUND);
const Ignored = z.boolean({ error: '무시 여부는 true나 false로 보내 주세요.' });

export const ExifUnmatchedQuery = z.object({
  page: z
    .number({ message: '페이지 번호를 확인해 주세요.' })
    .int('페이지 번호를 확인해 주세요.')
    .min(1, '페이지 번호를 확인해 주세요.')
    .max(100000, '페이지 번호를 확인해 주세요.')
    .default(1),
  search: z.string({ error: '검색어는 글자로 보내 주세요.' }).trim().max(60, '검색어는 60자까지 입력할 수 있습니다.').optional(),
  kind: ExifNameKind.optional(),
  /** false (the default): the names still waiting; true: the ignored ones. */
  ignored: Ignored.default(false),
});

export const ExifUnmatchedRow = z.object({
  id: z.number().int(),
  kind: ExifNameKind,
  /** As the photos' EXIF summary shows it: make and model of a body, the lens's name. */
  name: z.string(),
  photos: z.number().int(),
  lastSeenAt: z.string(),
  ignored: z.boolean(),
  /** The newest photo carrying the name in a post (the admin may open it), or null when none is left. */
  example: z.object({ fileKey: z.string(), thumbUrl: z.string(), boardId: z.string(), postKey: z.number().int() }).nullable(),
});
export type ExifUnmatchedRow = z.infer<typeof ExifUnmatchedRow>;
export const ExifUnmatchedPage = pageOf(ExifUnmatchedRow);

export const ExifAssign = z.object({ id: ExifNameId, productKey: ProductKey });
export const ExifAssigned = z.object({
  productKey: z.string(),
  productName: z.string(),
  /** Earlier photos now matched to the product. */
  photos: z.number().int(),
});
export const ExifIgnore = z.object({ id: ExifNameId, ignored: Ignored });
