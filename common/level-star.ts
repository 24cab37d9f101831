// Star colour by activity rank (levelKey, 1 = most points), docs/product/members.md#activity-rank-and-stars.

export type StarColor = 'rainbow' | 'red' | 'green' | 'blue' | 'outline';

const STEPS: ReadonlyArray<[number, StarColor]> = [
  [100, 'rainbow'],
  [300, 'red'],
  [600, 'green'],
  [1000, 'blue'],
  [1500, 'outline'],
];

export function starColor(levelKey: number | null | undefined): StarColor | null {
  if (levelKey == null || levelKey < 1) return null;
  for (const [max, color] of STEPS) if (levelKey <= max) return color;
  return null;
}
