// Query keys of the letters feature, in one place so mutations invalidate through them.
// On the first-load path (the header's indicators): constants only.
export type Box = 'receive' | 'send';

export const letterKeys = {
  root: ['letters'] as const,
  arrival: ['letters', 'arrival'] as const,
  unread: ['letters', 'unread'] as const,
  list: (box: Box) => ['letters', box, 'list'] as const,
  view: (box: Box, letterKey: number) => ['letters', box, 'view', letterKey] as const,
  blocks: ['letters', 'blocks'] as const,
  suggest: (q: string) => ['letters', 'suggest', q] as const,
};

export const alarmKeys = {
  root: ['alarms'] as const,
  count: ['alarms', 'count'] as const,
  list: ['alarms', 'list'] as const,
};
