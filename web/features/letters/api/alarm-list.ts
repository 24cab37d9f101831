import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Alarm } from '../../../../common/api/alarms';
import { callAwait } from '../../../api/call';
import { alarmKeys } from './keys';

/** /api/letter/alarm/list: unread alarms, newest first. */
export const fetchAlarmList = () => callAwait<Alarm[]>('/api/letter/alarm/list');

export const alarmListQuery = () => queryOptions({ queryKey: alarmKeys.list, queryFn: fetchAlarmList, staleTime: 0 });

export const useAlarmList = (enabled: boolean) => useQuery({ ...alarmListQuery(), enabled });
