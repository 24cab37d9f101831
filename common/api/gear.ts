// My gear (내 장비, docs/product/gear.md): the bodies and lenses a member owns, picked from the
// product database or suggested from the EXIF of their own photos, shown on their space unless
// they keep the list private.
import { z } from 'zod';
import { optionalText } from '../validation.js';
import { ProductCard, ProductKey } from './products.js';

/** Entries one member may keep. */
export const GEAR_MAX = 50;
/** Suggestions shown at once (the most used first). */
export const GEAR_SUGGESTIONS = 6;
export const GEAR_NOTE_MAX = 100;

const userId = z.string({ error: '회원을 찾을 수 없습니다.' }).trim().min(1, '회원을 찾을 수 없습니다.').max(20, '회원을 찾을 수 없습니다.');
const gearKey = z
  .number({ error: '장비를 찾을 수 없습니다.' })
  .int('장비를 찾을 수 없습니다.')
  .min(1, '장비를 찾을 수 없습니다.')
  .max(2_147_483_647, '장비를 찾을 수 없습니다.');

/** /api/gear/list: a member's list; a private one is answered to its owner only. */
export const GearListQuery = z.object({ userId });

export const GearEntry = z.object({
  gearKey: z.number().int(),
  product: ProductCard,
  note: z.string(),
});
export type GearEntry = z.infer<typeof GearEntry>;

export const GearList = z.object({
  /**
   * The owner keeps the list private. Anyone else then gets no items, as a space leaves out what
   * its reader may not see.
   */
  private: z.boolean(),
  /** The caller owns the list (may change it). */
  mine: z.boolean(),
  /** In the owner's order. */
  items: z.array(GearEntry),
});
export type GearList = z.infer<typeof GearList>;

/** /api/gear/save: adds a product (a product already listed keeps its entry) or, with gearKey, changes an entry's note. */
export const GearSave = z.object({
  gearKey: gearKey.optional(),
  productKey: ProductKey,
  note: optionalText('메모', GEAR_NOTE_MAX).default(''),
});
export type GearSave = z.input<typeof GearSave>;
export const GearSaved = z.object({ gearKey: z.number().int() });

export const GearDelete = z.object({ gearKey });

/** /api/gear/order: the caller's whole list in the new order. */
export const GearOrder = z.object({
  gearKeys: z.array(gearKey, { error: '장비 순서를 확인해 주세요.' }).max(GEAR_MAX, '장비 순서를 확인해 주세요.'),
});

/** /api/gear/privacy: public or private for the whole list. */
export const GearPrivacy = z.object({ private: z.boolean({ error: '공개 여부를 골라 주세요.' }) });

/** A product the caller's photos name that their list does not hold yet. */
export const GearSuggestion = z.object({
  product: ProductCard,
  /** How many of the caller's photos name it. */
  photos: z.number().int(),
});
export type GearSuggestion = z.infer<typeof GearSuggestion>;
export const GearSuggestions = z.object({ items: z.array(GearSuggestion) });

/** /api/gear/dismiss: "쓰지 않아요" — the product is not suggested again. */
export const GearDismiss = z.object({ productKey: ProductKey });
