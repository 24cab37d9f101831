// Alarms (SPEC §3, §7): the unread count and the list shown in the 신규 알람 drawer.
import { z } from 'zod';

export const Alarm = z.object({
  alarmKey: z.number().int(),
  /** comment (on your post), reply (to your comment), mention (@{userId}). */
  kind: z.string(),
  boardId: z.string(),
  boardName: z.string(),
  articleKey: z.number().int(),
  content: z.string(),
  /** ISO 8601. */
  regDate: z.string(),
});
export type Alarm = z.infer<typeof Alarm>;

/** /api/letter/alarm/list: unread alarms, newest first (at most 50). */
export const AlarmList = z.array(Alarm);
/** /api/letter/alarm: the number of unread alarms. */
export const AlarmCount = z.number().int();
