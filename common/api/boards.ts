// Boards, posts, comments, scraps and files: the contract between the web app and the server.
import { z } from 'zod';
import { pageOf } from './common.js';
import { PollInput, PollView } from './polls.js';
import { Reaction, ReactionCounts } from './reactions.js';
import { hasVisible } from '../text.js';
import { requiredText, text } from '../validation.js';

const boardId = z.string().regex(/^[a-z0-9_-]{1,30}$/, '게시판을 찾을 수 없습니다.');
const category = z.string().regex(/^c\d{1,3}$/, '분류를 찾을 수 없습니다.');
const key = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const page = z.number().int().min(1).max(1_000_000).default(1);

/** What the caller may do; computed on the server, the UI only hides buttons. */
export const BoardAbilities = z.object({
  canRead: z.boolean(),
  canWrite: z.boolean(),
  canComment: z.boolean(),
  canManage: z.boolean(),
});

export const BoardInfoQuery = z.object({ boardId });
export const BoardInfo = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  categories: z.array(z.object({ code: z.string(), name: z.string() })),
  abilities: BoardAbilities,
  /** The community's emoticons (docs/product/site.md#community-setup), in setting order; ^{key} in content shows the picture. */
  emoticons: z.array(z.object({ key: z.string(), name: z.string() })),
  /** Visitors may read the board, so it has an RSS feed (/feed/board/{id}.xml) to link to. */
  feed: z.boolean().optional(),
  /** 비밀글: 'allowed' (the write form offers it) or 'always' (every post is one); absent: off. */
  secretPosts: z.enum(['allowed', 'always']).optional(),
  /** 답글 may be written here. */
  answers: z.boolean().optional(),
});
export type BoardInfo = z.infer<typeof BoardInfo>;

/** An author as lists and views show them: nickname, star rank and a link to their space. */
export const Author = z.object({
  userId: z.string(),
  nickName: z.string(),
  levelKey: z.number().int().nullable(),
});

/**
 * A row of a list: only what the list page shows (server/modules/boards/list-budget.test.ts keeps
 * it so); the category's code is in the view, which links to the category.
 */
export const PostSummary = z.object({
  key: z.number().int(),
  boardId: z.string(),
  boardName: z.string(),
  categoryName: z.string(),
  subject: z.string(),
  author: Author,
  createdAt: z.string(),
  views: z.number().int(),
  recommends: z.number().int(),
  commentCount: z.number().int(),
  notice: z.boolean(),
  hasImage: z.boolean(),
  hasFile: z.boolean(),
  /** 비밀글: only the author, the asker and admins read it; others get "비밀글입니다" as the subject. */
  secret: z.boolean().optional(),
  /** An answer (답글) this deep (1 answers a post); absent for a post that answers none. */
  answerDepth: z.number().int().optional(),
  /** The post carries a poll (the list's 투표 mark); sent only when true, so other rows stay as they were. */
  hasPoll: z.boolean().optional(),
});
export type PostSummary = z.infer<typeof PostSummary>;

export const SEARCH_FIELDS = ['all', 'subject', 'content', 'nickName'] as const;
export const BoardListQuery = z.object({
  boardId,
  category: category.default('c0'),
  page,
  search: z.string().trim().max(50, '검색어는 50자까지 입력할 수 있습니다.').optional(),
  searchField: z.enum(SEARCH_FIELDS).default('all'),
  /** A search covers one slice of the board: posts with keys below this one (none: the newest). */
  before: key.optional(),
});

/**
 * Where a search stands (docs/decisions/0020-search-slices.md): it covers the newest `slicePosts`
 * posts below `before` (or up to two page chunks more: "10,000여 개"); `total` counts its matches
 * up to a cap (`capped`: "1,000건 이상"); `next` is the `before` of the older slice ("더 이전 글에서
 * 찾기"), null when no older posts remain.
 */
export const SearchSlice = z.object({
  before: z.number().int().nullable(),
  next: z.number().int().nullable(),
  capped: z.boolean(),
  slicePosts: z.number().int(),
});
export type SearchSlice = z.infer<typeof SearchSlice>;

export const PostPage = pageOf(PostSummary).extend({ search: SearchSlice.optional() });
export type PostPage = z.infer<typeof PostPage>;

export const PageQuery = z.object({ page });

export const PostKeyQuery = z.object({ boardId, key });

export const FileInfo = z.object({
  fileKey: z.string(),
  name: z.string(),
  size: z.number().int(),
  image: z.boolean(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
});
export type FileInfo = z.infer<typeof FileInfo>;

/** Camera, lens and exposure summary of an uploaded photo (never GPS). */
export const PhotoExif = z.object({
  camera: z.string().nullable(),
  lens: z.string().nullable(),
  focalLength: z.string().nullable(),
  aperture: z.string().nullable(),
  shutter: z.string().nullable(),
  iso: z.number().nullable(),
  takenAt: z.string().nullable(),
});
export type PhotoExif = z.infer<typeof PhotoExif>;
/** A product a photo's EXIF names: its key (for /info/view/{key}) and its name. */
export const NamedProduct = z.object({ key: z.string(), name: z.string() });
/** A post's file; a photo also carries its EXIF summary and the body and lens it names, when known. */
export const PostFile = FileInfo.extend({
  exif: PhotoExif.nullable().optional(),
  cameraProduct: NamedProduct.nullable().optional(),
  lensProduct: NamedProduct.nullable().optional(),
  /** A photo's stored sizes for the full-screen viewer (absent for older files that do not know them). */
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  /** Its 1,280 px copy (/medium), null when it has none. */
  mediumUrl: z.string().nullable().optional(),
});
export type PostFile = z.infer<typeof PostFile>;

export const PostAbilities = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canRecommend: z.boolean(),
  canComment: z.boolean(),
  canScrap: z.boolean(),
  /** A member's report of someone else's post that is not hidden yet. */
  canReport: z.boolean(),
  /** The author and admins may read the versions an edit replaced. */
  canReadVersions: z.boolean(),
  /** Admins read hidden content (the others get a notice instead). */
  canReadHidden: z.boolean(),
  /** 답글: the board takes answers and the caller may write there. */
  canAnswer: z.boolean().optional(),
  /** The board's staff (an administrator, a manager of the board): moving the post elsewhere (/api/board/move). */
  canMove: z.boolean().optional(),
  /** The board's staff: pinning the post as a notice or letting it go (/api/board/notice). */
  canNotice: z.boolean().optional(),
});

export const PostView = PostSummary.extend({
  category: z.string(),
  updatedAt: z.string(),
  /** When an edit last changed the subject or text ("수정됨"); null if never. */
  editedAt: z.string().nullable(),
  /** Sanitised, token-rendered HTML. */
  contentHtml: z.string(),
  /** Hidden by an admin after a report: others get a notice as contentHtml, admins the text. */
  hidden: z.boolean().optional(),
  files: z.array(PostFile),
  prev: z.object({ key: z.number().int(), subject: z.string() }).nullable(),
  next: z.object({ key: z.number().int(), subject: z.string() }).nullable(),
  /** The post this one answers; deleted: "원글이 삭제되었습니다" (its subject is then empty). */
  answerTo: z.object({ key: z.number().int(), subject: z.string(), deleted: z.boolean() }).optional(),
  /** The answers to this post, oldest first (a secret one's subject only for admins). */
  answers: z.array(z.object({ key: z.number().int(), subject: z.string(), secret: z.boolean(), nickName: z.string() })).optional(),
  abilities: PostAbilities,
  recommended: z.boolean(),
  scrapped: z.boolean(),
  /** The post's poll as this reader may see it (common/api/polls.ts); null or absent without one. */
  poll: PollView.nullable().optional(),
  /** Reactions (공감) and how many chose each (common/api/reactions.ts); absent where there are none to show. */
  reactions: ReactionCounts.optional(),
  /** The reader's own reaction (null: none). */
  myReaction: Reaction.nullable().optional(),
});
export type PostView = z.infer<typeof PostView>;

/** Create (no key) or edit (key). files are fileKeys from /api/file/upload, referenced as file0, file1 … */
export const PostSave = z.object({
  boardId,
  category,
  key: key.optional(),
  subject: requiredText('제목', 200),
  content: text('내용').refine((s) => hasVisible(s.replace(/<[^>]*>|&nbsp;/g, '')) || /<img\s/i.test(s), '내용은 필수 입력 항목입니다.'),
  files: z.array(z.string().max(64)).max(20, '첨부 파일은 20개까지 올릴 수 있습니다.').default([]),
  notice: z.boolean().default(false),
  /** 비밀글, where the board allows it (an answer to a secret post is always one). */
  secret: z.boolean().default(false),
  /** 답글: the post this new one answers, on the same board. Ignored on an edit. */
  answerTo: key.optional(),
  /** A poll to add or change; null takes it away; absent keeps what the post has. */
  poll: PollInput.nullable().optional(),
});
export type PostSave = z.input<typeof PostSave>;
export const SaveResult = z.object({ key: z.number().int() });

/** Earlier versions of an edited post, newest first (the author and admins only). */
export const PostVersion = z.object({
  id: z.number().int(),
  subject: z.string(),
  /** Sanitised, token-rendered HTML, like a post's. */
  contentHtml: z.string(),
  /** When this version was written, and when an edit replaced it (by whom). */
  writtenAt: z.string(),
  replacedAt: z.string(),
  editedBy: z.string().nullable(),
});
export type PostVersion = z.infer<typeof PostVersion>;
export const PostVersionsQuery = z.object({ key });
export const PostVersions = z.object({ key: z.number().int(), items: z.array(PostVersion) });
export type PostVersions = z.infer<typeof PostVersions>;

export const RecommendResult = z.object({ recommends: z.number().int() });

export const BoardSummary = z.object({
  board: BoardInfo,
  categories: z.array(z.object({ code: z.string(), name: z.string(), items: z.array(PostSummary) })),
  best: z.array(PostSummary),
});

export const Comment = z.object({
  commentKey: z.number().int(),
  parentKey: z.number().int().nullable(),
  author: Author,
  /** Sanitised, token-rendered HTML (newlines become line breaks). */
  contentHtml: z.string(),
  /** The raw text, for the author's edit box only. */
  content: z.string(),
  /** Hidden by an admin after a report: others get a notice as contentHtml, admins the text. */
  hidden: z.boolean().optional(),
  createdAt: z.string(),
  deleted: z.boolean(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** A member's report of someone else's comment that is not hidden yet. */
  canReport: z.boolean(),
  /** Reactions (공감) and how many chose each; absent when nobody has reacted. */
  reactions: ReactionCounts.optional(),
  /** The reader's own reaction, when they have one. */
  myReaction: Reaction.nullable().optional(),
});
export type Comment = z.infer<typeof Comment>;
/**
 * Flat, in thread order: each top-level comment followed by its replies. photos: the photos the
 * comments show through +{postKey|fileN} tokens (posts the reader may read), for the viewer.
 */
export const CommentList = z.object({ items: z.array(Comment), total: z.number().int(), photos: z.array(PostFile).optional() });

export const CommentSave = z.object({
  boardId,
  key,
  content: requiredText('댓글', 2000),
  parentKey: key.optional(),
  commentKey: key.optional(),
});
export const CommentSaveResult = z.object({ commentKey: z.number().int() });
export const CommentKeyQuery = z.object({ commentKey: key });

export const Favorite = z.object({
  favoriteKey: z.number().int(),
  boardId: z.string(),
  boardName: z.string(),
  key: z.number().int(),
  subject: z.string(),
  author: Author,
  scrappedAt: z.string(),
});
export const FavoritePage = pageOf(Favorite);
/** Scrap a post. Adding one twice is fine. */
export const FavoriteAdd = z.object({ boardId: boardId.optional(), key });
/** Remove a scrap by the post's key or by the scrap's own key. */
export const FavoriteDelete = z
  .object({ key: key.optional(), favoriteKey: key.optional() })
  .refine((v) => v.key !== undefined || v.favoriteKey !== undefined, '스크랩을 찾을 수 없습니다.');

export const UploadResult = FileInfo.extend({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Camera, lens and exposure summary (never GPS). */
  exif: PhotoExif.nullable(),
  /** The products the EXIF names (body and lens), when the product database knows them. */
  cameraProduct: NamedProduct.nullable().optional(),
  lensProduct: NamedProduct.nullable().optional(),
});
export type UploadResult = z.infer<typeof UploadResult>;
