// Rhymix and XE (docs/operations.md#moving-a-club-from-gnuboard5-or-rhymix): its tables read in
// keyset pages and mapped to the shared records; the shared stages write them. Table and column
// names are the engine's own (modules/*/schemas/*.xml of Rhymix). Every row of Rhymix has a
// number (srl) from one sequence: posts and comments keep it as their old id, so the old
// addresses /{srl} and /{mid}/{srl} find them.
import { storedRhymixHash } from '../../lib/legacy-passwords.js';
import type { ImportContext } from '../context.js';
import { keysetPages, type MysqlSource, type Row } from '../mysql-source.js';
import { count, groupBy, guestFileOwner, guestsNotKept, keysetPage as page, num, stage, str } from '../source-rows.js';
import { type BoardRecord, writeBoards } from '../write-boards.js';
import { memberRules, type MemberRecord, type PointRecord, writeMembers, writePoints } from '../write-members.js';
import { type LetterRecord, type MarkRecord, writeLetters, writeMarks } from '../write-others.js';
import { type CommentRecord, type PostRecord, type PostRules, writeComments, writePosts } from '../write-posts.js';
import { attachment, boardSecrecy, commentFate, documentFate, grantLevel, htmlAsText, inlineImages, pairPages, xeDate } from './rows.js';

export const SOURCE = 'rhymix';

/** A member is blocked by denied = 'Y' (before the status column) or its status, or until limit_date. */
function blocked(r: Row, today: string): boolean {
  const status = str(r.status).toUpperCase();
  if (status === 'DENIED' || status === 'SUSPENDED') return true;
  if (str(r.limit_date).slice(0, 8) >= today) return true;
  return str(r.denied) === 'Y' && status !== 'UNAUTHED' && status !== 'APPROVED';
}

export async function importRhymix(ctx: ImportContext, src: MysqlSource) {
  const size = ctx.batchSize;
  const t = (name: string) => src.table(name);

  // Members; a member's level is the highest of their groups (member_group by list_order, the
  // administrators' groups aside) as the site's level of the same order.
  const rules = await memberRules(ctx);
  const levelCount = rules.levels.length;
  const groups = await src.query(`select group_srl, title, is_admin from ${t('member_group')} order by list_order, group_srl`);
  const groupLevel = new Map(groups.filter((g) => str(g.is_admin) !== 'Y').map((g, i) => [num(g.group_srl), Math.min(i + 1, levelCount)]));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replace(/-/g, '');
  const admins: string[] = [];
  let unauthed = 0;
  const members = keysetPages(
    src,
    size,
    page(`${t('member')} m left join ${t('point')} p on p.member_srl = m.member_srl`, 'm.member_srl', '1=1', 'm.*, p.point as total_point'),
    (r) => num(r.member_srl),
  );
  await stage(ctx, '회원', await count(src, 'member'), members, async (rows) => {
    const inGroups = await src.query(`select member_srl, group_srl from ${t('member_group_member')} where member_srl in (?)`, [rows.map((r) => num(r.member_srl))]);
    const levelOf = new Map<number, number>();
    for (const g of inGroups) {
      const level = groupLevel.get(num(g.group_srl));
      if (level !== undefined) levelOf.set(num(g.member_srl), Math.max(level, levelOf.get(num(g.member_srl)) ?? 1));
    }
    const records = rows.map((r): MemberRecord => {
      const status = str(r.status).toUpperCase();
      if (str(r.is_admin) === 'Y') admins.push(str(r.user_id));
      if (status === 'UNAUTHED') unauthed++;
      return {
        oldId: str(r.user_id),
        nickName: str(r.nick_name) || str(r.user_name) || str(r.user_id),
        email: str(r.email_address) || null,
        joinedAt: xeDate(r.regdate) ?? new Date(),
        levelOrder: levelOf.get(num(r.member_srl)) ?? 1,
        points: num(r.total_point),
        passwordHash: storedRhymixHash(str(r.password)).stored,
        withdrawnAt: status === 'DELETED' ? new Date() : null,
        blockedAt: blocked(r, today) ? new Date() : null,
      };
    });
    await writeMembers(ctx, rules, records);
  });
  if (admins.length) ctx.report.remark(`예전 관리자 ${admins.join(', ')}는 보통 회원으로 가져왔습니다. 관리자로 쓰려면 회원 관리에서 지정하세요.`);
  if (unauthed) ctx.report.remark(`메일 인증을 마치지 않은 회원 ${unauthed}명은 보통 회원으로 가져왔습니다.`);

  // Rhymix keeps each member's points as one total (table point), not its history: one line each.
  await stage(
    ctx,
    '포인트',
    await count(src, 'point', 'point <> 0'),
    keysetPages(src, size, page(`${t('point')} p join ${t('member')} m on m.member_srl = p.member_srl`, 'p.member_srl', 'p.point <> 0', 'p.member_srl, p.point, m.user_id'), (r) => num(r.member_srl)),
    (rows) =>
      writePoints(
        ctx,
        rows.map((r): PointRecord => ({ oldId: str(r.member_srl), memberOldId: str(r.user_id), amount: num(r.point), reason: '예전 사이트에서 옮긴 포인트', at: new Date() })),
      ),
  );

  // Boards (modules of the board module; a small table read at once), their categories and grants.
  const boardRows = await src.query(`select module_srl, mid, browser_title, description from ${t('modules')} where module = 'board' order by module_srl`);
  const usable = boardRows.filter((b) => {
    if (/^[A-Za-z0-9_]{1,40}$/.test(str(b.mid))) return true;
    ctx.report.note('게시판', 'skipped', str(b.mid), '게시판 아이디(mid)에 쓸 수 없는 글자가 있음');
    return false;
  });
  const srls = usable.map((b) => num(b.module_srl));
  const categoryRows = srls.length
    ? await src.query(`select category_srl, module_srl, title from ${t('document_categories')} where module_srl in (?) order by list_order, category_srl`, [srls])
    : [];
  const categoryName = new Map(categoryRows.map((c) => [num(c.category_srl), str(c.title).trim()]));
  const grants = new Map<string, number[]>();
  if (srls.length) {
    for (const g of await src.query(`select module_srl, name, group_srl from ${t('module_grants')} where module_srl in (?)`, [srls])) {
      const k = `${num(g.module_srl)}:${str(g.name)}`;
      grants.set(k, [...(grants.get(k) ?? []), num(g.group_srl)]);
    }
  }
  // The boards' own settings (비밀글, 상담 기능) are module settings: name and value rows.
  const settings = new Map<number, Map<string, string>>();
  if (srls.length) {
    const names = ['use_status', 'secret', 'consultation'];
    for (const v of await src.query(`select module_srl, name, value from ${t('module_extra_vars')} where module_srl in (?) and name in (?)`, [srls, names])) {
      const vars = settings.get(num(v.module_srl)) ?? new Map<string, string>();
      vars.set(str(v.name), str(v.value).trim());
      settings.set(num(v.module_srl), vars);
    }
  }
  const consultation = new Set<number>();
  const midOf = new Map<number, string>();
  const boardRecords = usable.map((b, i): BoardRecord => {
    const srl = num(b.module_srl);
    const mid = str(b.mid);
    midOf.set(srl, mid);
    const level = (name: string) => grantLevel(grants.get(`${srl}:${name}`) ?? [], groupLevel);
    const read = level('view');
    const write = level('write_document');
    const comment = level('write_comment');
    const secrecy = boardSecrecy(settings.get(srl));
    if ((write === 0 || comment === 0) && !secrecy.consultation) guestsNotKept(ctx, mid);
    if (secrecy.consultation) {
      consultation.add(srl);
      ctx.report.remark(`게시판 ${mid}: 상담 기능을 쓰던 게시판이라 공지 말고는 모든 글을 비밀글로 가져왔고, 손님은 읽지 못하게 했습니다. 새 글도 모두 비밀글입니다.`);
    }
    return {
      oldId: mid,
      name: str(b.browser_title) || mid,
      description: htmlAsText(str(b.description)),
      sort: 100 + i,
      // A consultation board was closed to non-members whatever its grants said.
      readLevel: secrecy.consultation ? Math.max(1, read ?? levelCount) : (read ?? levelCount),
      writeLevel: Math.max(1, write ?? levelCount),
      commentLevel: Math.max(1, comment ?? levelCount),
      adminOnly: write === null,
      categories: [...new Set(categoryRows.filter((c) => num(c.module_srl) === srl).map((c) => str(c.title).trim()).filter(Boolean))],
      secretPosts: secrecy.secretPosts,
      // Rhymix's boards have no answer posts (documents have no parent; a thread is a post and
      // its comments): 답글 stays off until the board's administrator turns it on.
      answers: false,
    };
  });
  const boards = await writeBoards(ctx, boardRecords);
  const postRules: PostRules = { boards, fileOwner: await guestFileOwner(ctx), inline: inlineImages(ctx) };

  // Documents, then comments, board by board.
  for (const b of usable) {
    const srl = num(b.module_srl);
    const mid = midOf.get(srl)!;
    const docs = keysetPages(
      src,
      size,
      page(`${t('documents')} d left join ${t('member')} m on m.member_srl = d.member_srl and d.member_srl > 0`, 'd.document_srl', `d.module_srl = ${srl}`, 'd.*, m.user_id as author_id'),
      (r) => num(r.document_srl),
    );
    await stage(ctx, `글 ${mid}`, await count(src, 'documents', 'module_srl = ?', [srl]), docs, async (rows) => {
      const fileRows = await src.query(
        `select upload_target_srl, source_filename, uploaded_filename from ${t('files')} where upload_target_srl in (?) and isvalid = 'Y' order by upload_target_srl, file_srl`,
        [rows.map((r) => num(r.document_srl))],
      );
      const attachments = groupBy(
        fileRows,
        (f) => num(f.upload_target_srl),
        (f) => attachment(ctx, str(f.uploaded_filename), str(f.source_filename) || 'file'),
      );
      const records: PostRecord[] = [];
      for (const r of rows) {
        const fate = documentFate(r.status);
        if ('skip' in fate) {
          ctx.report.note('글', 'skipped', str(r.document_srl), fate.skip);
          continue;
        }
        const created = xeDate(r.regdate) ?? new Date();
        const notice = str(r.is_notice) === 'Y' || str(r.is_notice) === 'A';
        records.push({
          oldId: str(r.document_srl),
          boardOldId: mid,
          memberOldId: str(r.author_id) || null,
          authorName: str(r.nick_name) || str(r.user_name),
          subject: str(r.title),
          html: str(r.content),
          category: categoryName.get(num(r.category_srl)) || null,
          createdAt: created,
          updatedAt: xeDate(r.last_update) ?? created,
          views: num(r.readed_count),
          recommends: num(r.voted_count),
          notice,
          // XE before status kept is_secret on the document; a consultation board's posts were
          // their authors' (and the managers') alone, its notices everyone's.
          secret: fate.secret || str(r.is_secret) === 'Y' || (consultation.has(srl) && !notice),
          // Rhymix's boards have no answer posts: a thread is a post and its comments.
          answerTo: null,
          attachments: attachments.get(num(r.document_srl)) ?? [],
        });
      }
      await writePosts(ctx, postRules, records);
    });

    const cmts = keysetPages(
      src,
      size,
      page(`${t('comments')} c left join ${t('member')} m on m.member_srl = c.member_srl and c.member_srl > 0`, 'c.comment_srl', `c.module_srl = ${srl}`, 'c.*, m.user_id as author_id'),
      (r) => num(r.comment_srl),
    );
    await stage(ctx, `댓글 ${mid}`, await count(src, 'comments', 'module_srl = ?', [srl]), cmts, async (rows) => {
      const top = await threadTops(src, rows);
      const withFiles = rows.filter((r) => num(r.uploaded_count) > 0).map((r) => num(r.comment_srl));
      if (withFiles.length) {
        const files = await src.query(`select uploaded_filename from ${t('files')} where upload_target_srl in (?) and isvalid = 'Y'`, [withFiles]);
        for (const f of files) ctx.report.note('파일', 'skipped', str(f.uploaded_filename), '댓글에 붙은 파일은 옮기지 않음 (이 사이트의 댓글은 글자만)');
      }
      const records: CommentRecord[] = [];
      for (const r of rows) {
        const fate = commentFate(r.status, r.is_secret);
        if ('skip' in fate) {
          ctx.report.note('댓글', 'skipped', str(r.comment_srl), fate.skip);
          continue;
        }
        const parent = num(r.parent_srl);
        records.push({
          oldId: str(r.comment_srl),
          postOldId: str(r.document_srl),
          parentOldId: parent > 0 ? String(top(parent)) : null,
          memberOldId: str(r.author_id) || null,
          authorName: str(r.nick_name) || str(r.user_name),
          text: htmlAsText(str(r.content)),
          createdAt: xeDate(r.regdate) ?? new Date(),
          secret: fate.secret,
        });
      }
      await writeComments(ctx, records);
    });
  }

  // Recommendations (votes up; the site has no 비추천), scraps, letters.
  // Left joins: a row whose member is gone is listed by the writer, not lost here.
  const member = (alias: string, col: string) => `left join ${t('member')} ${alias} on ${alias}.member_srl = ${col}`;
  await stage(
    ctx,
    '추천',
    await count(src, 'document_voted_log', 'point > 0 and member_srl > 0'),
    pairPages(src, size, `${t('document_voted_log')} t ${member('m', 't.member_srl')}`, 't.document_srl', 't.member_srl', 't.point > 0 and t.member_srl > 0', 't.document_srl, t.member_srl, t.regdate, m.user_id'),
    (rows) =>
      writeMarks(
        ctx,
        'recommend',
        rows.map((r): MarkRecord => ({ oldId: `${num(r.document_srl)}:${num(r.member_srl)}`, memberOldId: str(r.user_id), postOldId: str(r.document_srl), at: xeDate(r.regdate) ?? new Date() })),
      ),
  );
  await stage(
    ctx,
    '스크랩',
    await count(src, 'member_scrap'),
    pairPages(src, size, `${t('member_scrap')} t ${member('m', 't.member_srl')}`, 't.member_srl', 't.document_srl', '1=1', 't.member_srl, t.document_srl, t.regdate, m.user_id'),
    (rows) =>
      writeMarks(
        ctx,
        'scrap',
        rows.map((r): MarkRecord => ({ oldId: `${num(r.member_srl)}:${num(r.document_srl)}`, memberOldId: str(r.user_id), postOldId: str(r.document_srl), at: xeDate(r.regdate) ?? new Date() })),
      ),
  );
  // Each message is kept twice: the sender's copy (S) and the receiver's (R, or T once kept in the archive).
  const received = "t.message_type in ('R', 'T')";
  await stage(
    ctx,
    '쪽지',
    await count(src, 'member_message', "message_type in ('R', 'T')"),
    keysetPages(
      src,
      size,
      page(
        `${t('member_message')} t ${member('s', 't.sender_srl')} ${member('r', 't.receiver_srl')}`,
        't.message_srl',
        received,
        't.message_srl, t.title, t.content, t.readed, t.regdate, t.readed_date, s.user_id as sender_id, r.user_id as receiver_id',
      ),
      (r) => num(r.message_srl),
    ),
    (rows) =>
      writeLetters(
        ctx,
        rows.map((r): LetterRecord => {
          const sentAt = xeDate(r.regdate) ?? new Date();
          return {
            oldId: str(r.message_srl),
            senderOldId: str(r.sender_id),
            receiverOldId: str(r.receiver_id),
            subject: str(r.title),
            text: htmlAsText(str(r.content)),
            sentAt,
            readAt: str(r.readed) === 'Y' ? (xeDate(r.readed_date) ?? sentAt) : null,
          };
        }),
      ),
  );
}

/**
 * Each comment's thread top: Rhymix threads replies to any depth by parent_srl; the site answers
 * a comment, not a reply, so a reply hangs under the first comment of its thread. Parents outside
 * the batch are read a level at a time; a parent that is gone counts as the top.
 */
async function threadTops(src: MysqlSource, rows: Row[]): Promise<(srl: number) => number> {
  const parentOf = new Map<number, number>(rows.map((r) => [num(r.comment_srl), num(r.parent_srl)]));
  let pending = [...new Set(rows.map((r) => num(r.parent_srl)).filter((p) => p > 0 && !parentOf.has(p)))];
  for (let depth = 0; pending.length > 0 && depth < 50; depth++) {
    const got = await src.query(`select comment_srl, parent_srl from ${src.table('comments')} where comment_srl in (?)`, [pending]);
    for (const g of got) parentOf.set(num(g.comment_srl), num(g.parent_srl));
    for (const p of pending) if (!parentOf.has(p)) parentOf.set(p, 0);
    pending = [...new Set(got.map((g) => num(g.parent_srl)).filter((p) => p > 0 && !parentOf.has(p)))];
  }
  return (srl) => {
    let cur = srl;
    for (let i = 0; i < 60; i++) {
      const p = parentOf.get(cur) ?? 0;
      if (p <= 0) return cur;
      cur = p;
    }
    return cur;
  };
}
