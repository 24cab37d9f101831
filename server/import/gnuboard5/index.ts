// Gnuboard5 (docs/operations.md#moving-a-club-from-gnuboard5): its tables read in keyset pages
// and mapped to the shared records; the shared stages write them. Table and column names are the
// engine's own (install/gnuboard5.sql, adm/sql_write.sql of Gnuboard5).
import { storedGnuboard5Hash } from '../../lib/legacy-passwords.js';
import type { ImportContext } from '../context.js';
import { kstDate, keysetPages, type MysqlSource } from '../mysql-source.js';
import { prepareSearchIndex } from '../search-index.js';
import { count, groupBy, guestFileOwner, guestsNotKept, keysetPage, num, oldFile, oldImages, stage, str } from '../source-rows.js';
import { type BoardRecord, writeBoards } from '../write-boards.js';
import { memberRules, type MemberRecord, type PointRecord, writeMembers, writePoints } from '../write-members.js';
import { type LetterRecord, type MarkRecord, writeLetters, writeMarks } from '../write-others.js';
import { type CommentRecord, type PostRecord, type PostRules, textAsHtml, flushPosts, writeComments, writePosts } from '../write-posts.js';

export const SOURCE = 'gnuboard5';

/** Gnuboard5's levels run 1 (visitors) to 10 (administrators); the site's from 0 (visitors). */
const siteLevel = (g5: number, levels: number) => (g5 <= 1 ? 0 : Math.min(g5 - 1, levels));
const ADMIN_LEVEL = 10;

/** A board table's name as Gnuboard5 makes it: write_ and the board's id (letters, digits, _). */
const BO_TABLE = /^[A-Za-z0-9_]{1,20}$/;

/** A file below Gnuboard5's data/ folder. */
const fileSource = (ctx: ImportContext, rel: string, name: string) => oldFile(ctx, 'data', rel, name);

/** Images the old editor stored (data/editor/…) or attachments shown in the text (data/file/…). */
const OLD_IMAGE = /(?:^|\/)data\/((?:editor|file)\/[^?#]+)$/;

/** bo_use_secret: 0 off, 1 the writer's choice, 2 always (decision 39). */
export const secretSetting = (useSecret: unknown) => (num(useSecret) >= 2 ? 'always' : num(useSecret) === 1 ? 'allowed' : 'off');

export async function importGnuboard5(ctx: ImportContext, src: MysqlSource) {
  const size = ctx.batchSize;
  const page = (table: string, key: string, where = '1=1') => keysetPage(src.table(table), key, where);

  // Members.
  const rules = await memberRules(ctx);
  const levelCount = rules.levels.length;
  await stage(ctx, '회원', await count(src, 'member'), keysetPages(src, size, page('member', 'mb_no'), (r) => num(r.mb_no)), (rows) =>
    writeMembers(
      ctx,
      rules,
      rows.map((r): MemberRecord => {
        const hash = storedGnuboard5Hash(str(r.mb_password));
        return {
          oldId: str(r.mb_id),
          nickName: str(r.mb_nick) || str(r.mb_name) || str(r.mb_id),
          email: str(r.mb_email) || null,
          joinedAt: kstDate(r.mb_datetime) ?? new Date(),
          levelOrder: Math.max(1, Math.min(num(r.mb_level), ADMIN_LEVEL) - 1),
          points: num(r.mb_point),
          passwordHash: hash.stored,
          withdrawnAt: str(r.mb_leave_date) ? (kstDate(str(r.mb_leave_date)) ?? new Date()) : null,
          blockedAt: str(r.mb_intercept_date) ? (kstDate(str(r.mb_intercept_date)) ?? new Date()) : null,
        };
      }),
    ),
  );
  const [config] = await src.query(`select cf_admin from ${src.table('config')} limit 1`).catch(() => []);
  if (config && str(config.cf_admin)) {
    ctx.report.remark(`예전 최고관리자 ${str(config.cf_admin)}는 보통 회원으로 가져왔습니다. 관리자로 쓰려면 회원 관리에서 지정하세요.`);
  }

  // Point history.
  await stage(ctx, '포인트', await count(src, 'point'), keysetPages(src, size, page('point', 'po_id'), (r) => num(r.po_id)), (rows) =>
    writePoints(
      ctx,
      rows.map((r): PointRecord => ({ oldId: str(r.po_id), memberOldId: str(r.mb_id), amount: num(r.po_point), reason: str(r.po_content), at: kstDate(r.po_datetime) ?? new Date() })),
    ),
  );

  // Boards (a small table: read at once), in the old menu's order.
  const boardRows = await src.query(
    `select b.*, g.gr_subject, g.gr_order from ${src.table('board')} b left join ${src.table('group')} g on g.gr_id = b.gr_id order by g.gr_order, b.bo_order, b.bo_table`,
  );
  const usable = boardRows.filter((b) => {
    if (BO_TABLE.test(str(b.bo_table))) return true;
    ctx.report.note('게시판', 'skipped', str(b.bo_table), '게시판 아이디에 쓸 수 없는 글자가 있음');
    return false;
  });
  const notices = new Map<string, Set<number>>();
  const boardRecords = usable.map((b, i): BoardRecord => {
    const bo = str(b.bo_table);
    notices.set(bo, new Set(str(b.bo_notice).split(',').map(Number).filter((n) => n > 0)));
    if (num(b.bo_write_level) <= 1 || num(b.bo_comment_level) <= 1) guestsNotKept(ctx, bo);
    const categories = num(b.bo_use_category)
      ? str(b.bo_category_list)
          .split('|')
          .map((c) => c.trim())
          .filter(Boolean)
      : [];
    return {
      oldId: bo,
      name: str(b.bo_subject) || bo,
      description: str(b.gr_subject),
      sort: 100 + i,
      readLevel: siteLevel(num(b.bo_read_level), levelCount),
      writeLevel: Math.max(1, siteLevel(num(b.bo_write_level), levelCount)),
      commentLevel: Math.max(1, siteLevel(num(b.bo_comment_level), levelCount)),
      adminOnly: num(b.bo_write_level) >= ADMIN_LEVEL,
      categories,
      secretPosts: secretSetting(b.bo_use_secret),
      // Gnuboard5 answers on every board.
      answers: true,
    };
  });
  const boards = await writeBoards(ctx, boardRecords);
  const postRules: PostRules = { boards, fileOwner: await guestFileOwner(ctx), inline: oldImages(ctx, 'data', OLD_IMAGE) };

  // Posts, then comments, board by board (a large load goes in without the search index, built at the end).
  let postsToRead = 0;
  for (const b of usable) postsToRead += await count(src, `write_${str(b.bo_table)}`, 'wr_is_comment = 0');
  await prepareSearchIndex(ctx, postsToRead);
  for (const b of usable) {
    const bo = str(b.bo_table);
    const table = `write_${bo}`;
    const posts = keysetPages(src, size, page(table, 'wr_id', 'wr_is_comment = 0'), (r) => num(r.wr_id));
    await stage(ctx, `글 ${bo}`, await count(src, table, 'wr_is_comment = 0'), posts, async (rows) => {
      const ids = rows.map((r) => num(r.wr_id));
      const fileRows = await src.query(
        `select wr_id, bf_no, bf_source, bf_file from ${src.table('board_file')} where bo_table = ? and wr_id in (?) and bf_file <> '' order by wr_id, bf_no`,
        [bo, ids],
      );
      const attachments = groupBy(
        fileRows,
        (f) => num(f.wr_id),
        (f) => {
          const file = str(f.bf_file);
          return file.includes('/') ? { oldId: `data/file/${bo}/${file}`, path: null, name: str(f.bf_source), missing: '파일 이름이 올바르지 않음' } : fileSource(ctx, `file/${bo}/${file}`, str(f.bf_source) || file);
        },
      );
      // An answer's parent: the post of its thread (wr_num) whose wr_reply is its own less the last letter.
      const answers = rows.filter((r) => str(r.wr_reply) !== '');
      const parentOf = new Map<string, number>();
      if (answers.length) {
        const cond = answers.map(() => '(wr_num = ? and wr_reply = ?)').join(' or ');
        const parents = await src.query(
          `select wr_id, wr_num, wr_reply from ${src.table(table)} where wr_is_comment = 0 and (${cond})`,
          answers.flatMap((r) => [num(r.wr_num), str(r.wr_reply).slice(0, -1)]),
        );
        for (const p of parents) parentOf.set(`${num(p.wr_num)}:${str(p.wr_reply)}`, num(p.wr_id));
      }
      const records = rows.map((r): PostRecord => {
        const option = str(r.wr_option);
        const content = str(r.wr_content);
        const html = option.includes('html1') ? content : option.includes('html2') ? content.replace(/\r?\n/g, '<br>') : textAsHtml(content);
        const reply = str(r.wr_reply);
        const parent = reply ? parentOf.get(`${num(r.wr_num)}:${reply.slice(0, -1)}`) : undefined;
        const created = kstDate(r.wr_datetime) ?? new Date();
        return {
          oldId: `${bo}:${num(r.wr_id)}`,
          boardOldId: bo,
          memberOldId: str(r.mb_id) || null,
          authorName: str(r.wr_name),
          subject: str(r.wr_subject),
          html,
          category: str(r.ca_name) || null,
          createdAt: created,
          updatedAt: kstDate(r.wr_last) ?? created,
          views: num(r.wr_hit),
          recommends: num(r.wr_good),
          notice: notices.get(bo)?.has(num(r.wr_id)) ?? false,
          secret: option.includes('secret'),
          answerTo: reply ? (parent === undefined ? `${bo}:missing` : `${bo}:${parent}`) : null,
          attachments: attachments.get(num(r.wr_id)) ?? [],
        };
      });
      await writePosts(ctx, postRules, records);
    });
    await flushPosts(ctx);

    const cmts = keysetPages(src, size, page(table, 'wr_id', 'wr_is_comment = 1'), (r) => num(r.wr_id));
    await stage(ctx, `댓글 ${bo}`, await count(src, table, 'wr_is_comment = 1'), cmts, async (rows) => {
      // A reply's comment: the one of its group (wr_parent, wr_comment) without wr_comment_reply,
      // in this page or asked for. A comment carries its post's wr_num and wr_reply: asking by them
      // too lets MariaDB use the engine's key wr_num_reply_parent rather than read every comment.
      const topOf = new Map<string, number>();
      for (const r of rows) if (str(r.wr_comment_reply) === '') topOf.set(`${num(r.wr_parent)}:${num(r.wr_comment)}`, num(r.wr_id));
      const replies = rows.filter((r) => str(r.wr_comment_reply) !== '' && !topOf.has(`${num(r.wr_parent)}:${num(r.wr_comment)}`));
      if (replies.length) {
        const cond = replies.map(() => '(wr_num = ? and wr_reply = ? and wr_parent = ? and wr_comment = ?)').join(' or ');
        const tops = await src.query(
          `select wr_id, wr_parent, wr_comment from ${src.table(table)} where wr_is_comment = 1 and wr_comment_reply = '' and (${cond})`,
          replies.flatMap((r) => [num(r.wr_num), str(r.wr_reply), num(r.wr_parent), num(r.wr_comment)]),
        );
        for (const t of tops) topOf.set(`${num(t.wr_parent)}:${num(t.wr_comment)}`, num(t.wr_id));
      }
      await writeComments(
        ctx,
        rows.map((r): CommentRecord => {
          const top = str(r.wr_comment_reply) ? topOf.get(`${num(r.wr_parent)}:${num(r.wr_comment)}`) : undefined;
          return {
            oldId: `${bo}:${num(r.wr_id)}`,
            postOldId: `${bo}:${num(r.wr_parent)}`,
            parentOldId: top === undefined ? null : `${bo}:${top}`,
            memberOldId: str(r.mb_id) || null,
            authorName: str(r.wr_name),
            text: str(r.wr_content),
            createdAt: kstDate(r.wr_datetime) ?? new Date(),
            secret: str(r.wr_option).includes('secret'),
          };
        }),
      );
    });
  }

  // Recommendations (not the 비추천, which the site does not have), scraps, letters.
  await stage(ctx, '추천', await count(src, 'board_good', "bg_flag = 'good'"), keysetPages(src, size, page('board_good', 'bg_id', "bg_flag = 'good'"), (r) => num(r.bg_id)), (rows) =>
    writeMarks(
      ctx,
      'recommend',
      rows.map((r): MarkRecord => ({ oldId: str(r.bg_id), memberOldId: str(r.mb_id), postOldId: `${str(r.bo_table)}:${num(r.wr_id)}`, at: kstDate(r.bg_datetime) ?? new Date() })),
    ),
  );
  await stage(ctx, '스크랩', await count(src, 'scrap'), keysetPages(src, size, page('scrap', 'ms_id'), (r) => num(r.ms_id)), (rows) =>
    writeMarks(
      ctx,
      'scrap',
      rows.map((r): MarkRecord => ({ oldId: str(r.ms_id), memberOldId: str(r.mb_id), postOldId: `${str(r.bo_table)}:${num(r.wr_id)}`, at: kstDate(r.ms_datetime) ?? new Date() })),
    ),
  );
  // Gnuboard5 keeps a sender's copy of each letter (me_type 'send'): only the one received is a letter.
  const received = (await src.hasColumn('memo', 'me_type')) ? "me_type = 'recv'" : '1=1';
  await stage(ctx, '쪽지', await count(src, 'memo', received), keysetPages(src, size, page('memo', 'me_id', received), (r) => num(r.me_id)), (rows) =>
    writeLetters(
      ctx,
      rows.map(
        (r): LetterRecord => ({
          oldId: str(r.me_id),
          senderOldId: str(r.me_send_mb_id),
          receiverOldId: str(r.me_recv_mb_id),
          text: str(r.me_memo),
          sentAt: kstDate(r.me_send_datetime) ?? new Date(),
          readAt: kstDate(r.me_read_datetime),
        }),
      ),
    ),
  );
}
