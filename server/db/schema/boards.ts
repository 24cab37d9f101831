import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A board: id is a slug; reading, writing and commenting each need a minimum level. */
export const boards = pgTable('boards', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  readLevel: integer('read_level').notNull().default(0),
  writeLevel: integer('write_level').notNull().default(1),
  commentLevel: integer('comment_level').notNull().default(1),
  /** Only administrators write here (site pages, notices). */
  adminOnly: boolean('admin_only').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Categories c1..cN per board; c0 (all) is implied. */
export const boardCategories = pgTable(
  'board_categories',
  {
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.code] })],
);

/** Posts; keys are global numbers across boards (site pages use fixed keys 6-9). */
export const posts = pgTable(
  'posts',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id),
    category: text('category').notNull().default('c1'),
    userNo: integer('user_no').references(() => users.no),
    nickName: text('nick_name').notNull(),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    notice: boolean('notice').notNull().default(false),
    views: integer('views').notNull().default(0),
    recommends: integer('recommends').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('posts_board_list_idx')
      .on(t.boardId, t.key.desc())
      .where(sql`${t.deletedAt} is null`),
    index('posts_user_idx').on(t.userNo),
  ],
);

/** Comments with one level of replies (parentKey points at a top-level comment). */
export const comments = pgTable(
  'comments',
  {
    key: bigserial('key', { mode: 'number' }).primaryKey(),
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => posts.key),
    parentKey: bigint('parent_key', { mode: 'number' }),
    userNo: integer('user_no').references(() => users.no),
    nickName: text('nick_name').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('comments_post_idx').on(t.postKey, t.key), index('comments_user_idx').on(t.userNo)],
);
