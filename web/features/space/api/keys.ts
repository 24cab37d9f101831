// Query key roots of the personal space. The gallery's and the museum's writes refresh every list
// under spaceKey, so a new or deleted item shows here at once.
import { spaceKey } from '../../../shared/query-keys';

export const spaceInfoRoot = [...spaceKey, 'info'] as const;
export const spaceListRoot = [...spaceKey, 'list'] as const;
