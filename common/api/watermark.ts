// A member's watermark for their gallery photos and the credit kept in served files
// (docs/product/gallery.md#watermark): /api/gallery/watermark and /api/gallery/watermark/save.
import { z } from 'zod';
import { cleanText } from '../text.js';

/** Where the text sits: the four corners, the middle of each side and the centre. */
export const WATERMARK_POSITIONS = ['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right'] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

/** Longest text, in characters. */
export const WATERMARK_TEXT_MAX = 40;
export const OPACITY_MIN = 10;
export const OPACITY_MAX = 90;

/** A watermark text as drawn: composed, no control or invisible characters, one line, single spaces. */
export const cleanWatermarkText = (s: string) =>
  cleanText(s)
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();

export const WatermarkSave = z.strictObject({
  enabled: z.boolean({ error: '워터마크 사용 여부는 true나 false로 보내 주세요.' }),
  /** Empty: the member's nickname. */
  text: z
    .string({ error: '워터마크 문구를 글자로 보내 주세요.' })
    .max(WATERMARK_TEXT_MAX * 4, `워터마크 문구는 ${WATERMARK_TEXT_MAX}자까지 쓸 수 있습니다.`)
    .overwrite(cleanWatermarkText)
    .refine((s) => [...s].length <= WATERMARK_TEXT_MAX, `워터마크 문구는 ${WATERMARK_TEXT_MAX}자까지 쓸 수 있습니다.`),
  position: z.enum(WATERMARK_POSITIONS, { error: '워터마크 위치를 골라 주세요.' }),
  opacity: z
    .number({ error: `불투명도는 ${OPACITY_MIN}에서 ${OPACITY_MAX} 사이의 숫자로 보내 주세요.` })
    .int(`불투명도는 ${OPACITY_MIN}에서 ${OPACITY_MAX} 사이의 정수로 보내 주세요.`)
    .min(OPACITY_MIN, `불투명도는 ${OPACITY_MIN}% 이상이어야 합니다.`)
    .max(OPACITY_MAX, `불투명도는 ${OPACITY_MAX}% 이하여야 합니다.`),
  /** Served files carry EXIF Artist and Copyright; every other field is still removed. */
  keepCredit: z.boolean({ error: '저작자 정보 유지 여부는 true나 false로 보내 주세요.' }),
});
export type WatermarkSave = z.infer<typeof WatermarkSave>;

/** The member's choices (defaults when never saved) and the nickname an empty text stands for. */
export const WatermarkSettings = z.object({
  enabled: z.boolean(),
  text: z.string(),
  position: z.enum(WATERMARK_POSITIONS),
  opacity: z.number().int(),
  keepCredit: z.boolean(),
  nickName: z.string(),
});
export type WatermarkSettings = z.infer<typeof WatermarkSettings>;
