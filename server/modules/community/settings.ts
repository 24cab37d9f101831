import { z } from 'zod';
import { DEFAULT_FOOTER_LINKS } from '../../../common/api/admin-setup.js';

/** Community setup (docs/product/site.md#community-setup). Stored as one JSON value under the key 'community'. */
export const CommunitySettings = z.object({
  siteName: z.string().default('찰칵'),
  tagline: z.string().default('Since 2000'),
  /** The footer's links in order (label + site path or http(s) address). */
  footerLinks: z
    .array(z.object({ label: z.string(), url: z.string() }))
    .default(() => DEFAULT_FOOTER_LINKS.map((l) => ({ ...l }))),
  joinOpen: z.boolean().default(true),
  /** Features that need real-name verification (REAL_NAME_FEATURES): 'board-write', 'market', 'bidding', 'letters'. */
  realNameRequired: z.array(z.string()).default([]),
  points: z
    .object({
      post: z.number().int().default(10),
      comment: z.number().int().default(2),
      recommended: z.number().int().default(5),
      dailyLogin: z.number().int().default(1),
    })
    .default({ post: 10, comment: 2, recommended: 5, dailyLogin: 1 }),
  /** Emoticons (docs/product/site.md#community-setup): comma-separated key/name pairs, e.g. "smile/웃음,wink/윙크". */
  emoticons: z.string().default(''),
});
export type CommunitySettings = z.infer<typeof CommunitySettings>;
