// Personal spaces, galleries, museums and today's photo (docs/product/gallery.md). The contract between the web app and the server.
import { z } from 'zod';
import { Author, NamedProduct, PhotoExif, PostSummary } from './boards.js';
import { pageOf } from './common.js';
import { MarketSummary } from './market.js';
import { optionalText, requiredText } from '../validation.js';

const key = z.number({ message: '사진을 찾을 수 없습니다.' }).int().positive().max(Number.MAX_SAFE_INTEGER);
const page = z.number({ message: '페이지 번호를 확인해 주세요.' }).int().min(1, '페이지 번호를 확인해 주세요.').max(100000, '페이지 번호를 확인해 주세요.').default(1);
const userId = z.string({ error: '회원을 찾을 수 없습니다.' }).trim().min(1, '회원을 찾을 수 없습니다.').max(20, '회원을 찾을 수 없습니다.');

// ---------------------------------------------------------------------------------------------
// Personal space

export const SpaceQuery = z.object({ userId });
export const SpacePageQuery = z.object({ userId, page });

/** A member's public card: never email, points, or anything private. */
export const SpaceInfo = z.object({
  userId: z.string(),
  nickName: z.string(),
  levelKey: z.number().int().nullable(),
  levelName: z.string(),
  joinDate: z.string(),
  real: z.boolean(),
  /** A withdrawn member's space says so politely (and lists nothing). */
  withdrawn: z.boolean(),
  counts: z.object({ posts: z.number().int(), gallery: z.number().int(), market: z.number().int(), comments: z.number().int(), museum: z.number().int() }),
  /** The caller is this member. */
  mine: z.boolean(),
});
export type SpaceInfo = z.infer<typeof SpaceInfo>;

export const SpaceComment = z.object({
  commentKey: z.number().int(),
  boardId: z.string(),
  boardName: z.string(),
  postKey: z.number().int(),
  postSubject: z.string(),
  /** Plain text, shortened. */
  excerpt: z.string(),
  createdAt: z.string(),
});
export const SpaceComments = pageOf(SpaceComment);
export const SpaceMarket = pageOf(MarketSummary);

// ---------------------------------------------------------------------------------------------
// Gallery

/** A photo's derived files: srcset from what is stored (thumb 400, medium 1280, full 2560 px). */
export const GallerySizes = z.object({
  thumbUrl: z.string(),
  mediumUrl: z.string().nullable(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const GalleryPhoto = GallerySizes.extend({
  fileKey: z.string(),
  caption: z.string(),
  exif: PhotoExif.nullable(),
  cameraProduct: NamedProduct.nullable(),
  lensProduct: NamedProduct.nullable(),
});
export type GalleryPhoto = z.infer<typeof GalleryPhoto>;

/** A card of a gallery list: the cover (first photo) and counts. */
export const GallerySummary = z.object({
  galleryKey: z.number().int(),
  title: z.string(),
  author: Author,
  cover: GallerySizes,
  photoCount: z.number().int(),
  createdAt: z.string(),
  views: z.number().int(),
  recommends: z.number().int(),
  commentCount: z.number().int(),
  /** The owner's own list only (`/gallery/my/list` badges): in their museum, and the dates it was today's photo. */
  inMuseum: z.boolean().optional(),
  todayDates: z.array(z.string()).optional(),
});
export type GallerySummary = z.infer<typeof GallerySummary>;
export const GalleryListQuery = z.object({ userId: userId.optional(), page, productKey: z.string().trim().max(120).optional() });
export const GalleryPage = pageOf(GallerySummary);
export type GalleryPage = z.infer<typeof GalleryPage>;

export const GalleryKeyQuery = z.object({ galleryKey: key });
export const GalleryView = GallerySummary.extend({
  /** Plain text (newlines kept as line breaks in the HTML). */
  descriptionHtml: z.string(),
  description: z.string(),
  photos: z.array(GalleryPhoto),
  abilities: z.object({
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canRecommend: z.boolean(),
    canComment: z.boolean(),
    canScrap: z.boolean(),
    /** A member's report of someone else's item that is not hidden yet. */
    canReport: z.boolean(),
  }),
  recommended: z.boolean(),
  scrapped: z.boolean(),
  /** The owner's view only: in their museum, and the dates it was today's photo. */
  inMuseum: z.boolean().optional(),
  todayDates: z.array(z.string()).optional(),
  /**
   * The owner's view only: the fileKeys of their watermarked photos here, whose unmarked 2,560 px
   * file they may download at /api/file/down/{fileKey}/original (never in the shared answer).
   */
  originals: z.array(z.string()).optional(),
});
export type GalleryView = z.infer<typeof GalleryView>;

export const GallerySave = z.object({
  galleryKey: key.optional(),
  title: requiredText('제목', 100),
  description: optionalText('설명', 5000, '설명은 5,000자까지 입력할 수 있습니다.').default(''),
  photos: z
    .array(z.object({ fileKey: z.string().max(64), caption: optionalText('사진 설명', 200).optional() }), {
      error: '사진을 한 장 이상 올려 주세요.',
    })
    .min(1, '사진을 한 장 이상 올려 주세요.')
    .max(30, '사진은 30장까지 올릴 수 있습니다.'),
});
export type GallerySave = z.input<typeof GallerySave>;
export const GallerySaveResult = z.object({ galleryKey: z.number().int() });

/**
 * "Photos taken with it" (the product page): gallery photos whose EXIF matched the product, newest
 * first, 24 a page, each linking to its gallery item (/gallery/view/{galleryKey}). The product
 * view's attached.photos is the first few; this call pages through all of them.
 */
export const ProductPhotosQuery = z.object({
  productKey: z.string({ error: '제품을 찾을 수 없습니다.' }).trim().min(1, '제품을 찾을 수 없습니다.').max(120, '제품을 찾을 수 없습니다.'),
  page,
});
export const ProductPhoto = GallerySizes.extend({
  fileKey: z.string(),
  galleryKey: z.number().int(),
  title: z.string(),
  author: Author,
  exif: PhotoExif.nullable(),
  createdAt: z.string(),
});
export type ProductPhoto = z.infer<typeof ProductPhoto>;
export const ProductPhotoPage = pageOf(ProductPhoto);
export type ProductPhotoPage = z.infer<typeof ProductPhotoPage>;

// ---------------------------------------------------------------------------------------------
// Museum

export const Exhibit = z.object({
  galleryKey: z.number().int(),
  note: z.string(),
  title: z.string(),
  cover: GallerySizes,
  photo: GalleryPhoto,
});
export type Exhibit = z.infer<typeof Exhibit>;
export const MuseumListQuery = z.object({ userId, page });
export const MuseumPage = pageOf(Exhibit);
export const MuseumSave = z.object({
  exhibits: z
    .array(z.object({ galleryKey: key, note: optionalText('작품 설명', 500).default('') }))
    .max(100, '전시는 100점까지 할 수 있습니다.'),
});
export const MuseumShowQuery = z.object({ userId, galleryKey: key.optional() });
export const MuseumShow = z.object({
  owner: Author,
  exhibits: z.array(Exhibit),
  /** Index of the exhibit to start at (galleryKey's, or 0). */
  start: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// Today's photo

export const TodayPhoto = z.object({
  date: z.string(),
  note: z.string(),
  galleryKey: z.number().int(),
  title: z.string(),
  author: Author,
  photo: GalleryPhoto,
});
export type TodayPhoto = z.infer<typeof TodayPhoto>;
export const TodayListQuery = z.object({ page });
export const TodayPage = pageOf(TodayPhoto);
export const TodaySave = z.object({
  date: z.string({ error: '날짜를 골라 주세요.' }).regex(/^\d{4}-\d{2}-\d{2}$/, '날짜를 골라 주세요.'),
  galleryKey: key,
  fileKey: z.string().max(64).nullish(),
  note: optionalText('한마디', 200).default(''),
});
export const TodayDelete = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '날짜를 골라 주세요.') });

// ---------------------------------------------------------------------------------------------
// Home page: one request for every box

export const HomePage = z.object({
  today: TodayPhoto.nullable(),
  gallery: z.array(GallerySummary),
  posts: z.array(PostSummary),
  market: z.array(MarketSummary),
});
export type HomePage = z.infer<typeof HomePage>;
