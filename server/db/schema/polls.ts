import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from './boards.js';
import { users } from './users.js';

/**
 * A post's one poll (docs/product/polls.md). The options are a text array in order; votes point at
 * them by index, which is why options are frozen once anyone has voted.
 */
export const polls = pgTable(
  'polls',
  {
    postKey: bigint('post_key', { mode: 'number' })
      .primaryKey()
      .references(() => posts.key, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    options: text('options').array().notNull(),
    /** 1 for a single-choice poll; up to the number of options for a multiple-choice one. */
    maxChoices: smallint('max_choices').notNull().default(1),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 'voted': a member sees the counts after voting; 'ended': everyone only after the end. */
    results: text('results').notNull().default('voted'),
    anonymous: boolean('anonymous').notNull().default(true),
    changeable: boolean('changeable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('polls_results_check', sql`${t.results} in ('voted', 'ended')`)],
);

/** One row per member and poll; counts are derived from these rows, so concurrent votes cannot drift. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => polls.postKey, { onDelete: 'cascade' }),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    choices: smallint('choices').array().notNull(),
    votedAt: timestamp('voted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postKey, t.userNo] }), index('poll_votes_user_idx').on(t.userNo)],
);
