import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
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
  /** Every post is a notice and only administrators write (announcements). */
  noticeOnly: boolean('notice_only').notNull().default(false),
  /** Left out of lists and menus; its posts stay. */
  hidden: boolean('hidden').notNull().default(false),
  /** Points for a post or comment here; null uses the community setup's amounts. */
  pointsPost: integer('points_post'),
  pointsComment: integer('points_comment'),
  /** 비밀글: 'off', 'allowed' (the writer ticks it) or 'always' (every post is secret). Decision 39. */
  secretPosts: text('secret_posts', { enum: ['off', 'allowed', 'always'] }).notNull().default('off'),
  /** 답글: members who may write here may answer a post. */
  answers: boolean('answers').notNull().default(false),
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
    /** Set when an edit replaced the subject or content (the post shows "수정됨"). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by an admin after a report: a notice shows instead of the text. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hasImage: boolean('has_image').notNull().default(false),
    hasFile: boolean('has_file').notNull().default(false),
    /** Set by the write path when the post carries a poll: the lists show a mark without a join. */
    hasPoll: boolean('has_poll').notNull().default(false),
    /** Lower-cased subject, body text and nickname: confirms a bigram match (decision 20). */
    searchText: text('search_text').notNull().default(''),
    /** Every two-character window of searchText, GIN-indexed, so 1–2 character Korean words are found. */
    searchBigrams: text('search_bigrams').array().notNull().default(sql`'{}'::text[]`),
    /** 비밀글: read only by its author, administrators and, for an answer, the asker (decision 39). */
    secret: boolean('secret').notNull().default(false),
    /** 답글: the post this one answers (same board), and how deep in the thread (1 for an answer). */
    answerTo: bigint('answer_to', { mode: 'number' }),
    answerDepth: integer('answer_depth').notNull().default(0),
  },
  (t) => [
    index('posts_board_list_idx')
      .on(t.boardId, t.key.desc())
      .where(sql`${t.deletedAt} is null`),
    index('posts_board_category_idx')
      .on(t.boardId, t.category, t.key.desc())
      .where(sql`${t.deletedAt} is null`),
    index('posts_notice_idx')
      .on(t.boardId, t.key.desc())
      .where(sql`${t.notice} and ${t.deletedAt} is null`),
    index('posts_all_idx')
      .on(t.key.desc())
      .where(sql`${t.deletedAt} is null`),
    index('posts_created_idx').on(t.createdAt),
    index('posts_user_idx').on(t.userNo),
    index('posts_answer_to_idx')
      .on(t.answerTo)
      .where(sql`${t.answerTo} is not null`),
    // A short pending list: a search reads all of it besides the index (migration 0016).
    index('posts_search_idx').using('gin', t.searchBigrams).with({ gin_pending_list_limit: 256 }),
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
    /** Hidden by an admin after a report: a notice shows instead of the text. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('comments_post_idx').on(t.postKey, t.key), index('comments_user_idx').on(t.userNo)],
);

/** Uploaded files; attached to a post on save (postKey), otherwise cleaned up after a day. */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    postKey: bigint('post_key', { mode: 'number' }).references(() => posts.key),
    sort: integer('sort').notNull().default(0),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    image: boolean('image').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Storage keys (paths inside the file store). */
    storagePath: text('storage_path').notNull(),
    thumbPath: text('thumb_path'),
    /** A 1280 px WebP between the thumbnail and the full size (galleries' srcset); null for older files. */
    mediumPath: text('medium_path'),
    /** A watermarked gallery photo's large size without the watermark: only its uploader may download it. */
    originalPath: text('original_path'),
    /** A gallery photo's caption. */
    caption: text('caption').notNull().default(''),
    /** Camera, lens and exposure summary; GPS is never stored. */
    exif: jsonb('exif'),
    /** Products the EXIF names (products/exif-match.ts), kept so "photos taken with it" is a count. */
    cameraProductId: integer('camera_product_id'),
    lensProductId: integer('lens_product_id'),
    /** A product image (admin product pages): kept and shown to everyone though no post holds it. */
    productId: integer('product_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_post_idx').on(t.postKey, t.sort),
    index('files_user_idx').on(t.userNo, t.createdAt),
    index('files_camera_product_idx').on(t.cameraProductId),
    index('files_lens_product_idx').on(t.lensProductId),
    index('files_product_idx')
      .on(t.productId)
      .where(sql`${t.productId} is not null`),
    // Photos whose body or lens matched no product, by the name their EXIF summary shows: an admin
    // giving that name to a product finds them here (products/exif-unmatched.ts); matched photos leave.
    index('files_unmatched_camera_idx')
      .on(sql`(${t.exif} ->> 'camera')`, t.createdAt)
      .where(sql`${t.cameraProductId} is null and ${t.exif} ->> 'camera' is not null`),
    index('files_unmatched_lens_idx')
      .on(sql`(${t.exif} ->> 'lens')`, t.createdAt)
      .where(sql`${t.lensProductId} is null and ${t.exif} ->> 'lens' is not null`),
  ],
);

/** One recommendation per member per post. */
export const recommendations = pgTable(
  'recommendations',
  {
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => posts.key),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postKey, t.userNo] })],
);

/** A view counts once per member (or visitor) per post per day. */
export const postViews = pgTable(
  'post_views',
  {
    postKey: bigint('post_key', { mode: 'number' }).notNull(),
    viewer: text('viewer').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postKey, t.viewer, t.day] })],
);

/** Scraps (favourites). */
export const favorites = pgTable(
  'favorites',
  {
    key: serial('key').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    postKey: bigint('post_key', { mode: 'number' })
      .notNull()
      .references(() => posts.key),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_user_post_key').on(t.userNo, t.postKey), index('favorites_user_idx').on(t.userNo, t.key.desc())],
);

/** Alarms (docs/product/letters.md#alarms): a comment on your post, a reply, a mention, auction events. */
export const alarms = pgTable(
  'alarms',
  {
    key: serial('key').primaryKey(),
    userNo: integer('user_no')
      .notNull()
      .references(() => users.no),
    kind: text('kind').notNull(),
    boardId: text('board_id').notNull(),
    boardName: text('board_name').notNull(),
    articleKey: bigint('article_key', { mode: 'number' }).notNull(),
    /** The post's (or item's) subject when the alarm was made; empty for alarms about the account. */
    subject: text('subject').notNull().default(''),
    content: text('content').notNull(),
    /** Alarms about the account (failed logins, wrong reset answers): how many in this burst. */
    times: integer('times').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('alarms_user_unread_idx').on(t.userNo, t.key.desc()).where(sql`${t.readAt} is null`),
    // One unread alarm per kind about the account: a burst of failures adds to it.
    uniqueIndex('alarms_account_unread_uq').on(t.userNo, t.kind).where(sql`${t.readAt} is null and ${t.boardId} = ''`),
  ],
);
