import { z } from 'zod';

/** A top menu entry (docs/product/site.md#top-menu); "taget" is the field's name in the contract. */
export const MenuEntry = z.object({
  groupYn: z.enum(['Y', 'N']),
  programId: z.string(),
  programName: z.string(),
  taget: z.string(),
  shortKey: z.string(),
  url: z.string(),
  icon: z.string(),
});
export type MenuEntry = z.infer<typeof MenuEntry>;
export const TopMenu = z.array(MenuEntry);
