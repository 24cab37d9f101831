// Edit history: an edit that changes a post's subject or text keeps the earlier version, and
// the post's author and admins can read the versions back.
import { desc, eq } from 'drizzle-orm';
import type { PostVersions } from '../../../common/api/boards.js';
import type { Db, Tx } from '../../db/client.js';
import { files, postVersions, users } from '../../db/schema/index.js';
import { forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { renderPost, tokenRefs } from './content.js';
import { MSG } from './board-rules.js';
import { type Actor, mayReadVersions } from './policy.js';
import { loadPost, renderLookups } from './view.js';

export const VERSION_MSG = { notYours: '글쓴이와 관리자만 이전 버전을 볼 수 있습니다.' } as const;

/** Inside the edit's transaction: the version the edit replaces. */
export async function keepVersion(
  tx: Tx,
  postKey: number,
  old: { subject: string; content: string; createdAt: Date; editedAt: Date | null },
  editorNo: number,
  now: Date,
) {
  await tx.insert(postVersions).values({
    postKey,
    subject: old.subject,
    content: old.content,
    writtenAt: old.editedAt ?? old.createdAt,
    editedBy: editorNo,
    replacedAt: now,
  });
}

/** The earlier versions, newest first; the author and admins only, never of a deleted post. */
export async function listVersions(db: Db, actor: Actor & { member: Member }, key: number): Promise<PostVersions> {
  // Inside a dialog, not the error page: a plain 404 instead of the view's forward.
  const post = await loadPost(db, key).catch((e: unknown) => {
    throw e instanceof HttpError && e.status === 404 ? notFound(MSG.noPost) : e;
  });
  if (post.deleted) throw notFound(MSG.deleted);
  if (!mayReadVersions(actor, post)) throw forbidden(VERSION_MSG.notYours);
  const [rows, fileRows] = await Promise.all([
    db
      .select({ version: postVersions, editor: users.nickName })
      .from(postVersions)
      .leftJoin(users, eq(users.no, postVersions.editedBy))
      .where(eq(postVersions.postKey, key))
      .orderBy(desc(postVersions.id))
      .limit(100),
    db.select({ key: files.key, name: files.name }).from(files).where(eq(files.postKey, key)).orderBy(files.sort),
  ]);
  const lookups = await renderLookups(db, actor, tokenRefs(rows.map((r) => r.version.content)));
  return {
    key,
    items: rows.map(({ version: v, editor }) => ({
      id: v.id,
      subject: v.subject,
      contentHtml: renderPost(v.content, fileRows, lookups),
      writtenAt: v.writtenAt.toISOString(),
      replacedAt: v.replacedAt.toISOString(),
      editedBy: editor,
    })),
  };
}
