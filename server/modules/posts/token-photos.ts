// Photos that +{postKey|fileN} tokens show (docs/content-tokens.md): a photo of a post, shown in a
// comment. Only posts the reader may read lend their photos: not deleted, on a board the reader
// reads, not hidden (but to administrators), and not secret, unless it is the page's own post
// (whose reader was already checked). A token naming anything else stays text, and the file's
// sizes, EXIF and products are answered only for the photos actually shown.
import { inArray, sql } from 'drizzle-orm';
import type { PostFile } from '../../../common/api/boards.js';
import { listTokens } from '../../../common/content/render.js';
import type { Db } from '../../db/client.js';
import { posts } from '../../db/schema/index.js';
import { allBoards } from './board-rules.js';
import { type Actor, can, mayReadHidden } from './policy.js';
import { postFilesJson, type PostFileRow, presentFile } from './present.js';

/** Posts looked up for one list of comments at most (each token names one). */
const POSTS_MAX = 50;

export interface TokenPhotos {
  /** For the renderer (RenderContext.postFiles): the post's files by their index, photos only. */
  postFiles: ReadonlyMap<number, readonly string[]>;
  /** The photos the contents show, in the order they first appear, for the viewer. */
  photos: PostFile[];
}

const NONE: TokenPhotos = { postFiles: new Map(), photos: [] };

/** The photos +{postKey|fileN} tokens of these plain-text contents (comments) show to this reader. */
export async function tokenPhotos(db: Db, reader: Actor, pageKey: number, contents: readonly string[]): Promise<TokenPhotos> {
  const tokens = contents.flatMap((c) => listTokens(c, { plainText: true })).flatMap((t) => (t.kind === 'image' ? [t] : []));
  if (tokens.length === 0) return NONE;
  const keys = [...new Set(tokens.map((t) => t.postKey))].slice(0, POSTS_MAX);
  const [rows, boards] = await Promise.all([
    db
      .select({
        key: posts.key,
        boardId: posts.boardId,
        secret: posts.secret,
        hidden: sql<boolean>`${posts.hiddenAt} is not null`,
        deleted: sql<boolean>`${posts.deletedAt} is not null`,
        // Named with its table: in a select from posts alone Drizzle writes a bare "key", which
        // inside the files subquery would be the file's own key.
        files: postFilesJson(sql`${posts}.${sql.identifier(posts.key.name)}`),
      })
      .from(posts)
      .where(inArray(posts.key, keys)),
    allBoards(db),
  ]);
  const lent = new Map<number, PostFileRow[]>();
  for (const r of rows) {
    const board = boards.get(r.boardId);
    const key = Number(r.key);
    if (!board || r.deleted || !can(reader, 'read', board)) continue;
    if (r.hidden && !mayReadHidden(reader)) continue;
    if (r.secret && key !== pageKey) continue;
    lent.set(key, r.files ?? []);
  }
  // A sparse list: a file that is no photo has no entry, so its token stays text.
  const postFiles = new Map<number, string[]>();
  for (const [key, files] of lent) {
    const list: string[] = [];
    files.forEach((f, i) => {
      if (f.image) list[i] = f.key;
    });
    postFiles.set(key, list);
  }
  const photos = new Map<string, PostFile>();
  for (const t of tokens) {
    const f = lent.get(t.postKey)?.[t.file];
    if (f?.image && !photos.has(f.key)) photos.set(f.key, presentFile(f));
  }
  return { postFiles, photos: [...photos.values()] };
}
