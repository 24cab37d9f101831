// Alarms (docs/product/letters.md#alarms): the unread count and the list shown in the 신규 알람 drawer.
import { z } from 'zod';

export const Alarm = z.object({
  alarmKey: z.number().int(),
  /** comment (on your post), reply (to your comment), mention (@{userId}). */
  kind: z.string(),
  boardId: z.string(),
  boardName: z.string(),
  articleKey: z.number().int(),
  /** The subject of the post the alarm is about (empty for alarms about the account). */
  subject: z.string(),
  content: z.string(),
  /** ISO 8601. */
  regDate: z.string(),
});
export type Alarm = z.infer<typeof Alarm>;

/** /api/letter/alarm/list: unread alarms, newest first (at most 50). */
export const AlarmList = z.array(Alarm);
/** /api/letter/alarm: the number of unread alarms. */
export const AlarmCount = z.number().int();

/** /api/letter/alarm/read: one alarm, or every alarm about an article (or a whole board). */
export const AlarmRead = z
  .object({
    alarmKey: z.number().int().min(1).optional(),
    boardId: z.string().max(50).optional(),
    articleKey: z.number().int().min(1).optional(),
  })
  .refine((v) => v.alarmKey !== undefined || v.boardId !== undefined || v.articleKey !== undefined, '읽을 알람을 지정해 주세요.');
/** Answers of read and clear: the unread alarms left. */
export const AlarmLeft = z.object({ unread: z.number().int() });
