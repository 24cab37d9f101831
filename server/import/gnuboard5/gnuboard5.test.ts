// Moving a club in from Gnuboard5: a Gnuboard5 database in MariaDB with a row for every case,
// imported into a real site and checked through its API; a second run brings nothing, a run
// stopped halfway and resumed brings everything once, a site with content is refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardInfo, CommentList, PostPage, PostView } from '../../../common/api/boards.js';
import { comments, favorites, importMap, levels, nickHistory, pointLedger, posts, recommendations, users } from '../../db/schema/index.js';
import { RESET_NEEDED, WRONG_LOGIN } from '../../modules/auth/service.js';
import { plainPng } from '../../test/gallery.js';
import { gnuboard5Database, gnuboard5Hash, type Gnuboard5Db } from '../../test/gnuboard5.js';
import { createUser, login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { brought, expectDryRun, expectRerunBringsOnlyNew, importedKey, oldSite, reasons, rowsIn } from '../../test/import-run.js';
import { ImportRefused, ImportStopped } from '../context.js';
import type { ImportReport } from '../report.js';
import { secretSetting } from './index.js';

/** Rows the fixture's full import writes: 9 members, 2 point lines, 5 posts, 2 comments, a recommendation, a scrap, a letter. */
const ROWS = 21;

/** Every case the importer must handle, in Gnuboard5's own tables. */
async function fill(db: Gnuboard5Db, filesDir: string) {
  const member = (row: Record<string, unknown>) => db.insert('g5_member', { mb_level: 2, mb_datetime: '2015-03-01 10:00:00', ...row });
  await db.insert('g5_config', { cf_admin: 'admin' });
  await member({ mb_id: 'alice', mb_password: gnuboard5Hash('alice-pass'), mb_nick: '사진사', mb_email: 'alice@old.example', mb_point: 150 });
  await member({ mb_id: 'bob', mb_nick: '밥', mb_email: 'bob@old.example', mb_level: 3 });
  await member({ mb_id: 'carol', mb_nick: '캐롤', mb_email: 'carol@old.example' });
  await member({ mb_id: 'dave', mb_password: gnuboard5Hash('dave-pass'), mb_nick: '데이브', mb_leave_date: '20200101' });
  await member({ mb_id: 'erin', mb_password: gnuboard5Hash('erin-pass'), mb_nick: '에린', mb_intercept_date: '20210101' });
  // Looks like alice's 사진사 (spaces aside): made unique.
  await member({ mb_id: 'gina', mb_password: gnuboard5Hash('gina-pass'), mb_nick: '사진 사', mb_email: 'gina@old.example' });
  // The site's first administrator is 'admin' too.
  await member({ mb_id: 'admin', mb_password: gnuboard5Hash('admin-pass'), mb_nick: '최고관리자', mb_level: 10 });
  // A hash in a format no engine here checks (a site set up with md5).
  await member({ mb_id: 'henry', mb_password: 'e10adc3949ba59abbe56e057f20f883e', mb_nick: '헨리' });
  // A name reserved for the staff.
  await member({ mb_id: 'frank', mb_password: gnuboard5Hash('frank-pass'), mb_nick: '운영자' });
  // MySQL's own PASSWORD() and OLD_PASSWORD(), as older Gnuboard sites hold them.
  await db.conn.query(`update g5_member set mb_password = password('bob-pass') where mb_id = 'bob'`);
  await db.conn.query(`update g5_member set mb_password = old_password('carol-pass') where mb_id = 'carol'`);

  await db.insert('g5_point', { mb_id: 'alice', po_datetime: '2015-03-01 10:00:00', po_content: '회원가입 축하', po_point: 100 });
  await db.insert('g5_point', { mb_id: 'alice', po_datetime: '2019-05-01 12:00:00', po_content: '사진 게시판 1 글쓰기', po_point: 50 });
  await db.insert('g5_point', { mb_id: 'ghost', po_datetime: '2019-05-01 12:00:00', po_content: '없는 회원', po_point: 5 });

  await db.insert('g5_group', { gr_id: 'community', gr_subject: '커뮤니티', gr_order: 1 });
  await db.insert('g5_board', {
    bo_table: 'photo', gr_id: 'community', bo_subject: '사진 게시판', bo_read_level: 1, bo_write_level: 2, bo_comment_level: 2,
    bo_use_category: 1, bo_category_list: '풍경|인물', bo_order: 1, bo_notice: '1', bo_use_secret: 1,
  });
  await db.insert('g5_board', {
    bo_table: 'free', gr_id: 'community', bo_subject: '자유게시판', bo_read_level: 1, bo_write_level: 1, bo_comment_level: 1,
    bo_use_category: 0, bo_category_list: '', bo_order: 2, bo_notice: '',
  });

  const write = (bo: string, row: Record<string, unknown>) => db.insert(`g5_write_${bo}`, { wr_datetime: '2019-05-01 12:00:00', ...row });
  // 1: a notice with hostile HTML, an editor image, an attachment and a missing attachment.
  await write('photo', {
    wr_id: 1, wr_num: -1, wr_parent: 1, ca_name: '풍경', wr_option: 'html1', wr_subject: '첫 출사', mb_id: 'alice', wr_name: '사진사', wr_hit: 42, wr_good: 1,
    wr_content: '<p onclick="steal()">한강에서 찍은 노을 출사</p><script>alert(1)</script><img src=x onerror="alert(2)">' +
      '<img src="http://old.example.com/data/editor/1905/sunset.png" alt="노을"><img src="http://old.example.com/data/editor/1905/gone.png"><a href="javascript:alert(3)">링크</a>',
  });
  // 2: a secret post.
  await write('photo', { wr_id: 2, wr_num: -2, wr_parent: 2, ca_name: '인물', wr_option: 'secret', wr_subject: '비밀 이야기', wr_content: '아무도 모르는 비밀 내용', mb_id: 'bob', wr_name: '밥' });
  // 3 and 4: a comment on 1 and a reply to it.
  await write('photo', { wr_id: 3, wr_parent: 1, wr_is_comment: 1, wr_comment: 1, wr_content: '멋진 노을이네요', mb_id: 'carol', wr_name: '캐롤', wr_datetime: '2019-05-01 13:00:00' });
  await write('photo', { wr_id: 4, wr_parent: 1, wr_is_comment: 1, wr_comment: 1, wr_comment_reply: 'A', wr_content: '감사합니다', mb_id: 'alice', wr_name: '사진사', wr_datetime: '2019-05-01 14:00:00' });
  // 5: an answer to 1 (its thread, reply A).
  await write('photo', { wr_id: 5, wr_num: -1, wr_reply: 'A', wr_parent: 5, ca_name: '풍경', wr_subject: 'Re: 첫 출사', wr_content: '저도 다녀왔어요', mb_id: 'bob', wr_name: '밥' });
  // 6: a guest's plain-text post without a category.
  await write('photo', { wr_id: 6, wr_num: -3, wr_parent: 6, wr_subject: '손님입니다', wr_content: '첫 줄\n둘째 줄 <b>굵게</b>', mb_id: '', wr_name: '지나가던손님' });
  // On the free board: a withdrawn member's post.
  await write('free', { wr_id: 1, wr_num: -1, wr_parent: 1, wr_subject: '떠나며', wr_content: '그동안 고마웠습니다', mb_id: 'dave', wr_name: '데이브' });

  await db.insert('g5_board_file', { bo_table: 'photo', wr_id: 1, bf_no: 0, bf_source: '한강.png', bf_file: 'abc123_hangang.png' });
  await db.insert('g5_board_file', { bo_table: 'photo', wr_id: 1, bf_no: 1, bf_source: '설명서.zip', bf_file: 'def456_gone.zip' });
  await db.insert('g5_board_good', { bo_table: 'photo', wr_id: 1, mb_id: 'bob', bg_flag: 'good', bg_datetime: '2019-05-02 09:00:00' });
  await db.insert('g5_board_good', { bo_table: 'photo', wr_id: 1, mb_id: 'carol', bg_flag: 'nogood', bg_datetime: '2019-05-02 09:00:00' });
  await db.insert('g5_scrap', { mb_id: 'carol', bo_table: 'photo', wr_id: '1', ms_datetime: '2019-05-02 10:00:00' });
  // Gnuboard5 keeps a copy for the sender (send) besides the one received (recv).
  const recv = await db.insert('g5_memo', { me_recv_mb_id: 'bob', me_send_mb_id: 'alice', me_send_datetime: '2019-05-03 10:00:00', me_memo: '토요일 출사 같이 가요', me_type: 'recv' });
  await db.insert('g5_memo', { me_recv_mb_id: 'bob', me_send_mb_id: 'alice', me_send_datetime: '2019-05-03 10:00:00', me_memo: '토요일 출사 같이 가요', me_type: 'send', me_send_id: recv });

  mkdirSync(join(filesDir, 'file', 'photo'), { recursive: true });
  mkdirSync(join(filesDir, 'editor', '1905'), { recursive: true });
  writeFileSync(join(filesDir, 'file', 'photo', 'abc123_hangang.png'), await plainPng('#336699'));
  writeFileSync(join(filesDir, 'editor', '1905', 'sunset.png'), await plainPng('#ff8800'));
}

const g5 = oldSite('gnuboard5', () => gnuboard5Database(['photo', 'free']), fill);
const run = g5.run;
const key = (t: TestApp, oldId: string, kind = 'post') => importedKey(t, 'gnuboard5', oldId, kind);
async function levelOf(t: TestApp, id: number | null) {
  const [row] = await t.database.db.select({ name: levels.name }).from(levels).where(eq(levels.id, id!));
  return row?.name;
}

describe('a Gnuboard5 club moved in', () => {
  let t: TestApp;
  let report: ImportReport;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false' });
    report = await run(t);
  });
  afterAll(() => t.close());

  it('brings every member, telling which were changed and why', async () => {
    expect(brought(report, '회원')).toBe(9);
    const changed = reasons(report, '회원', 'changed');
    expect(changed).toMatch(/아이디가 이미 있어 admin_old로 바꿈.*admin/s);
    expect(changed).toContain('닉네임 사진 사 → 사진 사(gina)');
    expect(changed).toContain('닉네임 운영자 → 운영자(frank)');
    expect(changed).toMatch(/암호 형식을 확인할 수 없어.*henry/s);
    expect(changed).toMatch(/탈퇴한 회원.*dave/s);
    const db = t.database.db;
    const [gina] = await db.select().from(users).where(eq(users.userId, 'gina'));
    expect(gina!.nickName).toBe('사진 사(gina)');
    const history = await db.select().from(nickHistory).where(eq(nickHistory.userNo, gina!.no));
    expect(history.map((h) => h.content)).toEqual(['예전 사이트에서 옮김: 사진 사 → 사진 사(gina)']);
    const [alice] = await db.select().from(users).where(eq(users.userId, 'alice'));
    expect(alice).toMatchObject({ email: 'alice@old.example', points: 150, status: 'active' });
    expect(alice!.joinDate.toISOString()).toBe('2015-03-01T01:00:00.000Z');
    expect((await db.select().from(pointLedger).where(eq(pointLedger.userNo, alice!.no))).map((p) => p.amount).sort()).toEqual([100, 50].sort());
    expect(reasons(report, '포인트', 'skipped')).toContain('회원을 가져오지 않음');
    // Gnuboard5's level 3 is the site's second level; level 2 its first.
    const [bob] = await db.select().from(users).where(eq(users.userId, 'bob'));
    const [second, first] = await Promise.all([levelOf(t, bob!.levelId), levelOf(t, alice!.levelId)]);
    expect([first, second]).toEqual(['새내기', '입문']);
    const [dave] = await db.select().from(users).where(eq(users.userId, 'dave'));
    expect(dave).toMatchObject({ status: 'withdrawn', nickName: null, passwordHash: '!withdrawn' });
    expect(report.notes.join('\n')).toContain('예전 최고관리자 admin');
  });

  it('signs members in with their old passwords of each format, then keeps argon2id only', async () => {
    for (const [id, password] of [['alice', 'alice-pass'], ['bob', 'bob-pass'], ['carol', 'carol-pass'], ['admin_old', 'admin-pass']] as const) {
      const [before] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, id));
      expect(before!.hash).not.toMatch(/^\$argon2id\$/);
      const wrong = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: id, password: 'wrong-password' } });
      expect(wrong.statusCode).toBe(401);
      await login(t, id, password);
      const [after] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, id));
      expect(after!.hash).toMatch(/^\$argon2id\$/);
      await login(t, id, password);
    }
  });

  it('tells a member whose hash cannot be checked to reset; refuses the withdrawn and the blocked', async () => {
    const henry = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: 'henry', password: '123456' } });
    expect(henry.statusCode).toBe(401);
    expect(henry.json().message).toBe(RESET_NEEDED);
    const dave = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: 'dave', password: 'dave-pass' } });
    expect(dave.statusCode).toBe(401);
    expect(dave.json().message).toBe(WRONG_LOGIN);
    const erin = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: 'erin', password: 'erin-pass' } });
    expect(erin.statusCode).toBe(403);
    expect(erin.json().message).toContain('차단');
  });

  it('shows the notice sanitised, with its files through the site pipeline and the old image address rewritten', async () => {
    const k = await key(t, 'photo:1');
    const view = PostView.parse((await post(t, '/api/board/view', { boardId: 'photo', key: k })).json());
    expect(view).toMatchObject({ subject: '첫 출사', notice: true, recommends: 1, categoryName: '풍경', commentCount: 2 });
    expect(view.author.nickName).toBe('사진사');
    expect(view.views).toBeGreaterThanOrEqual(42);
    expect(view.createdAt).toContain('2019-05-01');
    expect(view.contentHtml).toContain('한강에서 찍은 노을 출사');
    expect(view.contentHtml).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(view.files.map((f) => f.name)).toEqual(['한강.webp', 'sunset.webp']);
    // The editor's image now comes from the site; the missing one keeps no working address.
    expect(view.contentHtml).toContain(`/api/file/down/${view.files[1]!.fileKey}/`);
    expect(view.contentHtml).not.toContain('old.example.com/data/editor/1905/sunset.png');
    const img = await t.app.inject({ method: 'GET', url: `/api/file/down/${view.files[0]!.fileKey}/${encodeURIComponent(view.files[0]!.name)}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const skipped = reasons(report, '파일', 'skipped');
    expect(skipped).toMatch(/파일 폴더에 파일이 없음.*data\/file\/photo\/def456_gone.zip/s);
    expect(skipped).toContain('data/editor/1905/gone.png');
    expect(reasons(report, '글', 'changed')).toMatch(/위험한 HTML.*photo:1/s);
  });

  it('keeps the secret post for its author and administrators, and an answer as an answer', async () => {
    const secret = await key(t, 'photo:2');
    // A visitor and another member are refused; neither the subject nor the text leaves.
    const visitor = await post(t, '/api/board/view', { boardId: 'photo', key: secret });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.body).not.toContain('아무도 모르는 비밀 내용');
    const alice = await login(t, 'alice', 'alice-pass');
    const other = await post(t, '/api/board/view', { boardId: 'photo', key: secret }, alice);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('비밀 이야기');
    // Its author (with the old password) and an administrator read it.
    const bob = await login(t, 'bob', 'bob-pass');
    const own = PostView.parse((await post(t, '/api/board/view', { boardId: 'photo', key: secret }, bob)).json());
    expect([own.subject, own.secret]).toEqual(['비밀 이야기', true]);
    expect(own.contentHtml).toContain('아무도 모르는 비밀 내용');
    const admin = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    const seen = PostView.parse((await post(t, '/api/board/view', { boardId: 'photo', key: secret }, admin)).json());
    expect(seen.contentHtml).toContain('아무도 모르는 비밀 내용');
    // The answer links to its post without a line added to its text, and shows under it.
    const first = await key(t, 'photo:1');
    const answerKey = await key(t, 'photo:5');
    const answer = PostView.parse((await post(t, '/api/board/view', { boardId: 'photo', key: answerKey })).json());
    expect(answer.answerTo).toEqual({ key: first, subject: '첫 출사', deleted: false });
    expect(answer.answerDepth).toBe(1);
    expect(answer.contentHtml).toContain('저도 다녀왔어요');
    expect(answer.contentHtml).not.toContain('원글');
    const original = PostView.parse((await post(t, '/api/board/view', { boardId: 'photo', key: first })).json());
    expect(original.answers?.map((a) => a.key)).toEqual([answerKey]);
    expect(reasons(report, '글', 'changed')).not.toMatch(/photo:[25]\b/);
  });

  it("sets each board's 비밀글 and 답글 as the old board had them", async () => {
    // bo_use_secret 1 (the writer's choice) on the photo board; answers on every Gnuboard5 board.
    // (The free board joined the site's own free board, whose settings stay the site's.)
    const photo = BoardInfo.parse((await post(t, '/api/board/info', { boardId: 'photo' })).json());
    expect([photo.secretPosts, photo.answers]).toEqual(['allowed', true]);
    expect(secretSetting(2)).toBe('always');
    expect(secretSetting('0')).toBe('off');
  });

  it('keeps comment threads, guests\u2019 names, a withdrawn member\u2019s post, plain text as text', async () => {
    const k = await key(t, 'photo:1');
    const list = CommentList.parse((await post(t, '/api/comment/list', { boardId: 'photo', key: k })).json());
    expect(list.items.map((c) => [c.author.nickName, c.contentHtml, c.parentKey === null])).toEqual([
      ['캐롤', '멋진 노을이네요', true],
      ['사진사', '감사합니다', false],
    ]);
    expect(list.items[1]!.parentKey).toBe(list.items[0]!.commentKey);
    const guest = PostView.parse((await post(t, '/api/board/view', { boardId: 'photo', key: await key(t, 'photo:6') })).json());
    expect(guest.author.nickName).toBe('지나가던손님');
    expect(guest.contentHtml).toMatch(/첫 줄<br ?\/?>둘째 줄 &lt;b&gt;굵게&lt;\/b&gt;/);
    const free = PostView.parse((await post(t, '/api/board/view', { boardId: 'free', key: await key(t, 'free:1') })).json());
    expect(free.author.nickName).toBe('데이브');
  });

  it('lists, counts and searches the imported posts at once', async () => {
    const page = PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1 })).json());
    // The secret post is a row without its subject; the answer sits under its post.
    const subjects = page.items.map((p) => p.subject);
    expect([...subjects].sort()).toEqual(['Re: 첫 출사', '비밀글입니다', '손님입니다', '첫 출사'].sort());
    expect(subjects.indexOf('Re: 첫 출사')).toBe(subjects.indexOf('첫 출사') + 1);
    expect(page.items.find((p) => p.subject === 'Re: 첫 출사')?.answerDepth).toBe(1);
    expect(page.items.find((p) => p.subject === '비밀글입니다')?.secret).toBe(true);
    expect(PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1, search: '비밀' })).json()).items).toHaveLength(0);
    const found = PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1, search: '노을' })).json());
    expect(found.items.map((p) => p.subject)).toEqual(['첫 출사']);
  });

  it('brings recommendations (not the old 비추천), scraps and letters', async () => {
    const db = t.database.db;
    const k = await key(t, 'photo:1');
    expect(await db.select().from(recommendations).where(eq(recommendations.postKey, k))).toHaveLength(1);
    const [carol] = await db.select().from(users).where(eq(users.userId, 'carol'));
    expect(await db.select().from(favorites).where(eq(favorites.userNo, carol!.no))).toHaveLength(1);
    const bob = await login(t, 'bob', 'bob-pass');
    const inbox = (await post(t, '/api/letter/receive/list', { page: 1 }, bob)).json();
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ subject: '토요일 출사 같이 가요' });
  });

  it('redirects the old addresses to the new pages', async () => {
    const k = await key(t, 'photo:1');
    for (const url of ['/bbs/board.php?bo_table=photo&wr_id=1', '/photo/1', '/bbs/board.php?bo_table=photo&wr_id=3']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, `${url} ${res.body.slice(0, 300)}`).toBe(301);
      expect(res.headers.location).toBe(`/board/photo/view/${k}`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/bbs/board.php?bo_table=photo' })).headers.location).toBe('/board/photo/c0/list');
    expect((await t.app.inject({ method: 'GET', url: '/photo' })).headers.location).toBe('/board/photo/c0/list');
    expect((await t.app.inject({ method: 'GET', url: '/bbs/board.php?bo_table=nothing&wr_id=1' })).headers.location).toBe('/');
    expect((await t.app.inject({ method: 'GET', url: '/photo/999' })).statusCode).not.toBe(301);
  });

  it('brings nothing twice when run again, and only what is new', async () => {
    await expectRerunBringsOnlyNew(t, run, async () => {
      await g5.db.insert('g5_write_photo', { wr_id: 7, wr_num: -4, wr_parent: 7, wr_subject: '새 글', wr_content: '옮기는 사이에 쓴 글', mb_id: 'carol', wr_name: '캐롤', wr_datetime: '2026-11-01 09:00:00' });
      return () => g5.db.conn.query('delete from g5_write_photo where wr_id = 7');
    });
  });
});

describe('a run stopped halfway, a dry run, a site with content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false' });
  });
  afterAll(() => t.close());

  it('a dry run writes nothing and counts what would come', async () => {
    const report = await expectDryRun(t, run, { members: 9, posts: 5 });
    expect(reasons(report, '파일', 'skipped')).toContain('def456_gone.zip');
    // Clashes among the old members themselves show without writing them.
    expect(reasons(report, '회원', 'changed')).toContain('닉네임 사진 사 → 사진 사(gina)');
  });

  it('resumes a stopped run and imports everything once', async () => {
    await expect(run(t, { batchSize: 2, stopAfterRows: 5 })).rejects.toBeInstanceOf(ImportStopped);
    const partial = await rowsIn(t, posts);
    await expect(run(t, { batchSize: 2, stopAfterRows: 8 })).rejects.toBeInstanceOf(ImportStopped);
    const db = t.database.db;
    // Stopped after its last row, before the lists and counts were built (a post's search slice is
    // given as it is written, so search finds it already): the next run, which finds nothing new, builds them.
    const [done] = await db.select({ n: count() }).from(importMap).where(notInArray(importMap.kind, ['board', 'file', 'finish']));
    await expect(run(t, { batchSize: 2, stopAfterRows: ROWS - done!.n })).rejects.toBeInstanceOf(ImportStopped);
    expect(PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1, search: '노을' })).json()).items.map((p) => p.subject)).toEqual(['첫 출사']);
    const last = await run(t, { batchSize: 2 });
    expect(brought(last, '글')).toBe(0);
    expect(PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1, search: '노을' })).json()).items.map((p) => p.subject)).toEqual(['첫 출사']);
    const imported = await db.select({ n: count() }).from(importMap).where(and(eq(importMap.kind, 'post')));
    expect(imported[0]!.n).toBe(5);
    expect(await rowsIn(t, posts)).toBeGreaterThan(partial);
    // Each old row once: one post per old id, one member per old id.
    expect((await db.select({ n: count() }).from(users).where(eq(users.userId, 'alice')))[0]!.n).toBe(1);
    expect((await db.select({ n: count() }).from(posts).where(eq(posts.subject, '첫 출사')))[0]!.n).toBe(1);
    expect((await db.select({ n: count() }).from(comments).where(eq(comments.content, '감사합니다')))[0]!.n).toBe(1);
    const k = await key(t, 'photo:1');
    const list = CommentList.parse((await post(t, '/api/comment/list', { boardId: 'photo', key: k })).json());
    expect(list.items[1]!.parentKey).toBe(list.items[0]!.commentKey);
  });

  it('refuses a site whose members wrote something, unless told to merge', async () => {
    const fresh = await testApp({ RATE_LIMIT: 'false' });
    try {
      await createUser(fresh);
      await expect(run(fresh)).rejects.toBeInstanceOf(ImportRefused);
      expect(await rowsIn(fresh, importMap)).toBe(0);
      const merged = await run(fresh, { merge: true });
      expect(brought(merged, '회원')).toBe(9);
    } finally {
      await fresh.close();
    }
  });
});
