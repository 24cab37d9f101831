import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAwait } from '../../../api/call';
import { alarmKeys } from './keys';

export interface AlarmReadInput {
  alarmKey?: number;
  boardId?: string;
  articleKey?: number;
}

/** /api/letter/alarm/read: one alarm, or every alarm about an article. Answers the unread left. */
export const postAlarmRead = (which: AlarmReadInput) => callAwait<{ unread: number }>('/api/letter/alarm/read', { data: which, silent: true });
/** /api/letter/alarm/clear: every alarm read (모두 지우기). */
export const postAlarmClear = () => callAwait<{ unread: number }>('/api/letter/alarm/clear');

export function useReadAlarm() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postAlarmRead, onSettled: () => client.invalidateQueries({ queryKey: alarmKeys.root }) });
}

export function useClearAlarms() {
  const client = useQueryClient();
  return useMutation({ mutationFn: postAlarmClear, onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.root }) });
}
