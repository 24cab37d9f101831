// Query key roots of today's photo; the admin page's writes refresh every list under todayKey.
import { todayKey } from '../../../shared/query-keys';

export const todayListRoot = [...todayKey, 'list'] as const;
