// Moving a club in from Rhymix (XE): a Rhymix database in MariaDB with a row for every case,
// imported into a real site and checked through its API and old addresses; a second run brings
// nothing, a run stopped over and over and resumed brings everything once, a dry run writes nothing.
import { pbkdf2Sync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardInfo, CommentList, PostPage, PostView } from '../../../common/api/boards.js';
import { ROOT } from '../../config.js';
import { comments, favorites, importMap, levels, pointLedger, posts, recommendations, users } from '../../db/schema/index.js';
import { RESET_NEEDED, WRONG_LOGIN } from '../../modules/auth/service.js';
import { SITE_PATHS } from '../../modules/imports/old-links.js';
import { plainPng } from '../../test/gallery.js';
import { login, post, TEST_ADMIN, testApp, type TestApp } from '../../test/harness.js';
import { brought, expectDryRun, expectRerunBringsOnlyNew, importedKey, oldSite, reasons } from '../../test/import-run.js';
import { rhymixDatabase, type RhymixDb } from '../../test/rhymix.js';
import { ImportStopped } from '../context.js';
import type { ImportReport } from '../report.js';
import { GUEST_SECRET, SECRET_COMMENT } from '../write-posts.js';
import { boardSecrecy } from './rows.js';

/** Old srls of the rows the checks look up. */
const srl: Record<string, number> = {};

/** Rhymix's PBKDF2 string: sha512, iterations padded to 7 digits, a 12-letter salt used as text. */
const pbkdf2 = (password: string, salt = 'AbCdEf123456') => `sha512:0016384:${salt}:${pbkdf2Sync(password, salt, 16384, 24, 'sha512').toString('base64')}`;

async function fill(db: RhymixDb, filesDir: string) {
  const member = async (userId: string, row: Record<string, unknown>) => {
    srl[userId] = db.srl();
    await db.insert('xe_member', { member_srl: srl[userId], user_id: userId, email_address: `${userId}@old.example`, regdate: '20150301100000', list_order: -srl[userId]!, ...row });
  };
  await member('alice', { password: pbkdf2('alice pass'), nick_name: '사진사' });
  // bcrypt as PHP's password_hash() writes it ($2y$).
  await member('bob', { password: bcrypt.hashSync('bob-pass', 4).replace(/^\$2b\$/, '$2y$'), nick_name: '바비' });
  // Plain md5, as XE sites before its Password class hold it.
  await member('carol', { password: '6fc2f6f21ef09afca992cb6694211dc9', nick_name: '캐롤' });
  await member('ivan', { password: await argon2Hash('ivan-pass', { algorithm: 2, memoryCost: 1024, timeCost: 1 }), nick_name: '이반' });
  await member('dave', { password: pbkdf2('dave-pass'), nick_name: '데이브', status: 'DELETED' });
  await member('erin', { password: pbkdf2('erin-pass'), nick_name: '에린', denied: 'Y', status: 'DENIED' });
  // Looks like alice's 사진사 (spaces aside): made unique.
  await member('gina', { password: pbkdf2('gina-pass'), nick_name: '사진 사' });
  // The site's first administrator is 'admin' too.
  await member('admin', { password: pbkdf2('admin-pass'), nick_name: '관리자님', is_admin: 'Y' });
  // phpass, which Rhymix checks and this site does not.
  await member('henry', { password: '$P$BZlPX7NIx8MYpXokBW2AGHfHXhqEWG.', nick_name: '헨리' });
  // MySQL's own PASSWORD(), which some XE sites used.
  await member('judy', { password: '', nick_name: '주디' });
  await db.conn.query(`update xe_member set password = password('judy-pass') where user_id = 'judy'`);

  await db.insert('xe_member_group', { group_srl: 1, list_order: 1, title: '준회원', is_default: 'Y' });
  await db.insert('xe_member_group', { group_srl: 2, list_order: 2, title: '정회원' });
  await db.insert('xe_member_group', { group_srl: 3, list_order: 3, title: '관리그룹', is_admin: 'Y' });
  for (const id of ['alice', 'bob', 'carol']) await db.insert('xe_member_group_member', { group_srl: 1, member_srl: srl[id] });
  await db.insert('xe_member_group_member', { group_srl: 2, member_srl: srl.alice });
  await db.insert('xe_member_group_member', { group_srl: 3, member_srl: srl.admin });
  await db.insert('xe_point', { member_srl: srl.alice, point: 150 });

  const board = async (mid: string, title: string) => {
    srl[mid] = db.srl();
    await db.insert('xe_modules', { module_srl: srl[mid], module: 'board', mid, browser_title: title, regdate: '20150301100000' });
  };
  await board('photo', '사진 게시판');
  await board('free', '자유게시판');
  // A consultation board (상담 기능): a member read only their own posts and the notices.
  await board('qna', '상담실');
  // The boards' settings: secret posts on offer on the photo board (use_status), consultation on qna.
  await db.insert('xe_module_extra_vars', { module_srl: srl.photo, name: 'use_status', value: 'PUBLIC|@|SECRET' });
  await db.insert('xe_module_extra_vars', { module_srl: srl.free, name: 'use_status', value: 'PUBLIC' });
  await db.insert('xe_module_extra_vars', { module_srl: srl.qna, name: 'consultation', value: 'Y' });
  // A page, not a board: not brought.
  await db.insert('xe_modules', { module_srl: db.srl(), module: 'page', mid: 'intro', browser_title: '소개' });
  for (const name of ['view', 'list', 'access']) await db.insert('xe_module_grants', { module_srl: srl.photo, name, group_srl: 0 });
  for (const name of ['write_document', 'write_comment']) await db.insert('xe_module_grants', { module_srl: srl.photo, name, group_srl: -1 });
  srl.landscape = db.srl();
  await db.insert('xe_document_categories', { category_srl: srl.landscape, module_srl: srl.photo, title: '풍경', list_order: 1 });
  await db.insert('xe_document_categories', { category_srl: db.srl(), module_srl: srl.photo, title: '인물', list_order: 2 });

  const doc = async (name: string, mid: string, row: Record<string, unknown>) => {
    srl[name] = db.srl();
    await db.insert('xe_documents', { document_srl: srl[name], module_srl: srl[mid], regdate: '20190501120000', last_update: '20190501120000', list_order: -srl[name]!, ...row });
  };
  await doc('notice', 'photo', {
    title: '첫 출사', is_notice: 'Y', category_srl: srl.landscape, member_srl: srl.alice, nick_name: '사진사', readed_count: 42, voted_count: 1,
    content: '<p onclick="steal()">한강에서 찍은 노을 출사</p><script>alert(1)</script><img src=x onerror="alert(2)">' +
      `<img src="./files/attach/images/${srl.photo}/sunset.png" alt="노을"><img src="http://old.example.com/files/attach/images/${srl.photo}/gone.png"><a href="javascript:alert(3)">링크</a>`,
  });
  await doc('secret', 'photo', { title: '비밀 이야기', status: 'SECRET', content: '<p>아무도 모르는 비밀 내용</p>', member_srl: srl.bob, nick_name: '바비' });
  await doc('guest', 'photo', { title: '손님입니다', content: '<p>첫 줄<br>둘째 줄</p>', member_srl: 0, nick_name: '지나가던손님' });
  await doc('draft', 'photo', { title: '임시 글', status: 'TEMP', content: '<p>아직</p>', member_srl: srl.alice, nick_name: '사진사' });
  await doc('farewell', 'free', { title: '떠나며', content: '<p>그동안 고마웠습니다</p>', member_srl: srl.dave, nick_name: '데이브' });
  // XE before document statuses kept a secret post as is_secret = 'Y'; this one a guest's.
  await db.conn.query(`alter table xe_documents add column is_secret char(1) not null default 'N'`);
  await doc('xeSecret', 'photo', { title: '옛 비밀글', is_secret: 'Y', content: '<p>예전 방식의 비밀 내용</p>', member_srl: 0, nick_name: '비밀손님' });
  await doc('counsel', 'qna', { title: '회비 문의', content: '<p>회비를 나눠 내도 되나요</p>', member_srl: srl.bob, nick_name: '바비' });
  await doc('qnaNotice', 'qna', { title: '상담실 안내', is_notice: 'Y', content: '<p>운영진이 답합니다</p>', member_srl: srl.admin, nick_name: '관리자님' });

  const file = (target: number, name: string, stored: string) =>
    db.insert('xe_files', { file_srl: db.srl(), upload_target_srl: target, upload_target_type: 'doc', module_srl: srl.photo, source_filename: name, uploaded_filename: stored, isvalid: 'Y' });
  await file(srl.notice!, '한강.png', `./files/attach/images/${srl.photo}/hangang.png`);
  await file(srl.notice!, '설명서.zip', `./files/attach/binaries/${srl.photo}/0a1b2c3d`);

  const comment = async (name: string, row: Record<string, unknown>) => {
    srl[name] = db.srl();
    await db.insert('xe_comments', { comment_srl: srl[name], module_srl: srl.photo, document_srl: srl.notice, regdate: '20190501130000', list_order: srl[name], ...row });
  };
  await comment('c1', { content: '<p>멋진 노을이네요</p>', member_srl: srl.carol, nick_name: '캐롤' });
  await comment('c2', { parent_srl: srl.c1, content: '<p>감사합니다</p>', member_srl: srl.alice, nick_name: '사진사' });
  // A reply to a reply: under the thread's first comment here.
  await comment('c3', { parent_srl: srl.c2, content: '<p>저도 가 보고 싶네요</p>', member_srl: srl.bob, nick_name: '바비' });
  await comment('c4', { content: '<p>비밀 댓글</p>', is_secret: 'Y', member_srl: srl.bob, nick_name: '바비' });
  await comment('c5', { content: '<p>지운 댓글</p>', status: 7, member_srl: srl.bob, nick_name: '바비' });

  await db.insert('xe_document_voted_log', { document_srl: srl.notice, member_srl: srl.bob, point: 1, regdate: '20190502090000' });
  await db.insert('xe_document_voted_log', { document_srl: srl.notice, member_srl: srl.carol, point: -1, regdate: '20190502090000' });
  await db.insert('xe_member_scrap', { member_srl: srl.carol, document_srl: srl.notice, title: '첫 출사', regdate: '20190502100000' });
  // Each message twice: the sender's copy (S) and the receiver's (R).
  const message = { sender_srl: srl.alice, receiver_srl: srl.bob, title: '토요일 출사', content: '<p>같이 가요</p>', regdate: '20190503100000' };
  const [sent, recv] = [db.srl(), db.srl()];
  await db.insert('xe_member_message', { ...message, message_srl: sent, related_srl: recv, message_type: 'S' });
  await db.insert('xe_member_message', { ...message, message_srl: recv, related_srl: sent, message_type: 'R' });

  mkdirSync(join(filesDir, 'attach', 'images', String(srl.photo)), { recursive: true });
  writeFileSync(join(filesDir, 'attach', 'images', String(srl.photo), 'hangang.png'), await plainPng('#336699'));
  writeFileSync(join(filesDir, 'attach', 'images', String(srl.photo), 'sunset.png'), await plainPng('#ff8800'));
}

const xe = oldSite('rhymix', rhymixDatabase, fill);
const run = xe.run;
const key = (t: TestApp, name: string, kind = 'post') => importedKey(t, 'rhymix', srl[name]!, kind);
const view = async (t: TestApp, boardId: string, name: string, cookie?: string) => PostView.parse((await post(t, '/api/board/view', { boardId, key: await key(t, name) }, cookie)).json());

describe('a Rhymix club moved in', () => {
  let t: TestApp;
  let report: ImportReport;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false' });
    report = await run(t);
  });
  afterAll(() => t.close());

  it('brings every member, telling which were changed and why; groups become levels', async () => {
    expect(brought(report, '회원')).toBe(10);
    const changed = reasons(report, '회원', 'changed');
    expect(changed).toMatch(/아이디가 이미 있어 admin_old로 바꿈.*admin/s);
    expect(changed).toContain('닉네임 사진 사 → 사진 사(gina)');
    expect(changed).toMatch(/암호 형식을 확인할 수 없어.*henry/s);
    expect(changed).toMatch(/탈퇴한 회원.*dave/s);
    expect(changed).toMatch(/차단된 회원.*erin/s);
    expect(report.notes.join('\n')).toContain('예전 관리자 admin');
    expect(report.notes.join('\n')).toContain('게시판 free: 손님(비회원) 글쓰기');
    const db = t.database.db;
    const [alice] = await db.select().from(users).where(eq(users.userId, 'alice'));
    expect(alice).toMatchObject({ email: 'alice@old.example', points: 150, status: 'active', nickName: '사진사' });
    expect(alice!.joinDate.toISOString()).toBe('2015-03-01T01:00:00.000Z');
    expect((await db.select().from(pointLedger).where(eq(pointLedger.userNo, alice!.no))).map((p) => [p.amount, p.reason])).toEqual([[150, '예전 사이트에서 옮긴 포인트']]);
    // 정회원, the second ordinary group, is the site's second level.
    const [level] = await db.select({ name: levels.name }).from(levels).where(eq(levels.id, alice!.levelId!));
    expect(level!.name).toBe('입문');
    const [dave] = await db.select().from(users).where(eq(users.userId, 'dave'));
    expect(dave).toMatchObject({ status: 'withdrawn', nickName: null, passwordHash: '!withdrawn' });
  });

  it('signs members in with their old passwords of each format, then keeps argon2id only', async () => {
    for (const [id, password] of [['alice', '  alice pass '], ['bob', 'bob-pass'], ['carol', 'carol-pass'], ['ivan', 'ivan-pass'], ['judy', 'judy-pass'], ['admin_old', 'admin-pass']] as const) {
      const wrong = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: id, password: 'wrong-password' } });
      expect(wrong.statusCode, id).toBe(401);
      await login(t, id, password);
      const [after] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userId, id));
      expect(after!.hash, id).toMatch(/^\$argon2id\$v=19\$m=19456/);
      await login(t, id, password);
    }
    const henry = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: 'henry', password: 'henry-pass' } });
    expect(henry.json().message).toBe(RESET_NEEDED);
    const dave = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: 'dave', password: 'dave-pass' } });
    expect(dave.json().message).toBe(WRONG_LOGIN);
    const erin = await t.app.inject({ method: 'POST', url: '/api/login/do', payload: { userId: 'erin', password: 'erin-pass' } });
    expect(erin.statusCode).toBe(403);
  });

  it('shows the notice sanitised, with its files through the site pipeline and the old image address rewritten', async () => {
    const notice = await view(t, 'photo', 'notice');
    expect(notice).toMatchObject({ subject: '첫 출사', notice: true, recommends: 1, categoryName: '풍경' });
    expect(notice.author.nickName).toBe('사진사');
    expect(notice.views).toBeGreaterThanOrEqual(42);
    expect(notice.contentHtml).toContain('한강에서 찍은 노을 출사');
    expect(notice.contentHtml).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(notice.files.map((f) => f.name)).toEqual(['한강.webp', 'sunset.webp']);
    expect(notice.contentHtml).toContain(`/api/file/down/${notice.files[1]!.fileKey}/`);
    const skipped = reasons(report, '파일', 'skipped');
    expect(skipped).toMatch(/파일 폴더에 파일이 없음.*files\/attach\/binaries\/\d+\/0a1b2c3d/s);
    expect(skipped).toContain(`files/attach/images/${srl.photo}/gone.png`);
    expect(reasons(report, '글', 'skipped')).toContain(`임시 저장한 글 ${srl.draft}`);
  });

  it('keeps the secret post from everyone but administrators; comment threads, secret and deleted comments', async () => {
    // A visitor is refused or shown a notice, never the text.
    const visitor = await post(t, '/api/board/view', { boardId: 'photo', key: await key(t, 'secret') });
    expect(visitor.body).not.toContain('아무도 모르는 비밀 내용');
    const admin = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    expect((await view(t, 'photo', 'secret', admin)).contentHtml).toContain('아무도 모르는 비밀 내용');
    const list = CommentList.parse((await post(t, '/api/comment/list', { boardId: 'photo', key: await key(t, 'notice') })).json());
    const shown = list.items.filter((c) => !c.hidden);
    expect(shown.map((c) => [c.author.nickName, c.contentHtml])).toEqual([
      ['캐롤', '멋진 노을이네요'],
      ['사진사', '감사합니다'],
      ['바비', '저도 가 보고 싶네요'],
    ]);
    expect(shown[1]!.parentKey).toBe(shown[0]!.commentKey);
    expect(shown[2]!.parentKey).toBe(shown[0]!.commentKey);
    expect(reasons(report, '댓글', 'changed')).toContain(`${SECRET_COMMENT} ${srl.c4}`);
    expect(reasons(report, '댓글', 'skipped')).toContain(`삭제된 댓글 ${srl.c5}`);
  });

  it("sets each board's 비밀글 from its settings, a consultation board's posts secret, and 답글 off", async () => {
    const info = async (boardId: string) => BoardInfo.parse((await post(t, '/api/board/info', { boardId })).json());
    // use_status with SECRET: the writer's choice; consultation: every post; no answer posts in Rhymix.
    expect(await info('photo')).toMatchObject({ secretPosts: 'allowed' });
    expect(await info('qna')).toMatchObject({ secretPosts: 'always' });
    expect((await info('photo')).answers).toBeUndefined();
    expect((await info('qna')).answers).toBeUndefined();
    expect(report.notes.join('\n')).toContain('게시판 qna: 상담 기능');
    // The consultation post is its author's and the administrators'; the notice everyone's.
    const counsel = await key(t, 'counsel');
    const alice = await login(t, 'alice', '  alice pass ');
    const other = await post(t, '/api/board/view', { boardId: 'qna', key: counsel }, alice);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('회비 문의');
    const bob = await login(t, 'bob', 'bob-pass');
    expect((await view(t, 'qna', 'counsel', bob)).contentHtml).toContain('회비를 나눠 내도 되나요');
    const notice = await view(t, 'qna', 'qnaNotice', alice);
    expect([notice.secret ?? false, notice.notice]).toEqual([false, true]);
    expect(notice.contentHtml).toContain('운영진이 답합니다');
    // Closed to visitors, as Rhymix closes a consultation board to non-members.
    expect((await post(t, '/api/board/view', { boardId: 'qna', key: await key(t, 'qnaNotice') })).statusCode).toBe(403);
    // XE's is_secret = 'Y': a secret post. A guest's: only administrators read it now, as the report says.
    expect((await post(t, '/api/board/view', { boardId: 'photo', key: await key(t, 'xeSecret') })).statusCode).toBe(403);
    const admin = await login(t, TEST_ADMIN.userId, TEST_ADMIN.password);
    expect((await view(t, 'photo', 'xeSecret', admin)).contentHtml).toContain('예전 방식의 비밀 내용');
    const guestSecret = reasons(report, '글', 'changed').split('\n').find((line) => line.startsWith(GUEST_SECRET));
    expect(guestSecret).toMatch(new RegExp(` ${srl.xeSecret}$`));
    // The settings as module_extra_vars hold them, XE's older secret = 'Y' among them.
    const vars = (entries: Array<[string, string]>) => boardSecrecy(new Map(entries));
    expect(vars([['use_status', 'PUBLIC|@|SECRET|@|TEMP']]).secretPosts).toBe('allowed');
    expect(vars([['use_status', 'PUBLIC']]).secretPosts).toBe('off');
    expect(vars([['secret', 'Y']]).secretPosts).toBe('allowed');
    expect(vars([['consultation', 'Y'], ['use_status', 'PUBLIC']])).toEqual({ secretPosts: 'always', consultation: true });
    expect(boardSecrecy(undefined)).toEqual({ secretPosts: 'off', consultation: false });
  });

  it('keeps guests’ names and a withdrawn member’s post; lists and searches at once', async () => {
    expect((await view(t, 'photo', 'guest')).author.nickName).toBe('지나가던손님');
    expect((await view(t, 'photo', 'guest')).contentHtml).toMatch(/첫 줄<br ?\/?>둘째 줄/);
    expect((await view(t, 'free', 'farewell')).author.nickName).toBe('데이브');
    const page = PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1 })).json());
    expect(page.items).toHaveLength(4);
    expect(page.items.map((p) => p.subject)).toEqual(expect.arrayContaining(['손님입니다', '첫 출사']));
    const found = PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1, search: '노을' })).json());
    expect(found.items.map((p) => p.subject)).toEqual(['첫 출사']);
  });

  it('brings votes up (not down), scraps and the receiver’s copy of each letter', async () => {
    const db = t.database.db;
    expect(await db.select().from(recommendations).where(eq(recommendations.postKey, await key(t, 'notice')))).toHaveLength(1);
    const [carol] = await db.select().from(users).where(eq(users.userId, 'carol'));
    expect(await db.select().from(favorites).where(eq(favorites.userNo, carol!.no))).toHaveLength(1);
    const bob = await login(t, 'bob', 'bob-pass');
    const inbox = (await post(t, '/api/letter/receive/list', { page: 1 }, bob)).json();
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ subject: '토요일 출사' });
  });

  it('redirects Rhymix’s old addresses, and none of the site’s own', async () => {
    const notice = `/board/photo/view/${await key(t, 'notice')}`;
    for (const url of [`/index.php?mid=photo&document_srl=${srl.notice}`, `/?document_srl=${srl.notice}`, `/photo/${srl.notice}`, `/${srl.notice}`, `/${srl.c2}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(notice);
    }
    expect((await t.app.inject({ method: 'GET', url: '/index.php?mid=photo' })).headers.location).toBe('/board/photo/c0/list');
    expect((await t.app.inject({ method: 'GET', url: '/photo' })).headers.location).toBe('/board/photo/c0/list');
    expect((await t.app.inject({ method: 'GET', url: '/index.php?document_srl=99999999' })).headers.location).toBe('/');
    for (const url of ['/99999999', `/${srl.draft}`, '/?page=2', '/board', '/intro']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(301);
    }
    // Every first segment of the web app's routes is one the redirects leave alone.
    const routes = readFileSync(join(ROOT, 'web/routes.tsx'), 'utf8');
    const firsts = new Set([...routes.matchAll(/path: '\/([a-z]+)/g)].map((m) => m[1]!));
    expect([...firsts].filter((f) => !SITE_PATHS.has(f))).toEqual([]);
  });

  it('brings nothing twice when run again, and only what is new', async () => {
    await expectRerunBringsOnlyNew(t, run, async () => {
      const late = xe.db.srl();
      await xe.db.insert('xe_documents', { document_srl: late, module_srl: srl.photo, title: '새 글', content: '<p>옮기는 사이에 쓴 글</p>', member_srl: srl.carol, nick_name: '캐롤', regdate: '20261101090000' });
      return () => xe.db.conn.query('delete from xe_documents where document_srl = ?', [late]);
    });
  });
});

describe('a Rhymix run stopped over and over, a dry run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ RATE_LIMIT: 'false' });
  });
  afterAll(() => t.close());

  it('a dry run writes nothing and counts what would come', async () => {
    const report = await expectDryRun(t, run, { members: 10, posts: 7 });
    expect(reasons(report, '회원', 'changed')).toContain('닉네임 사진 사 → 사진 사(gina)');
  });

  it('resumes each stopped run and imports everything once', async () => {
    let stops = 0;
    for (;;) {
      try {
        await run(t, { batchSize: 2, stopAfterRows: 3 });
        break;
      } catch (e) {
        expect(e).toBeInstanceOf(ImportStopped);
        stops++;
      }
    }
    expect(stops).toBeGreaterThan(3);
    const db = t.database.db;
    const kinds = await db.select({ kind: importMap.kind, n: count() }).from(importMap).groupBy(importMap.kind);
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k.n]))).toMatchObject({ member: 10, post: 7, comment: 4, point: 1, recommend: 1, scrap: 1, letter: 1 });
    expect((await db.select({ n: count() }).from(posts).where(eq(posts.subject, '첫 출사')))[0]!.n).toBe(1);
    expect((await db.select({ n: count() }).from(comments).where(eq(comments.content, '감사합니다')))[0]!.n).toBe(1);
    const list = CommentList.parse((await post(t, '/api/comment/list', { boardId: 'photo', key: await key(t, 'notice') })).json());
    const shown = list.items.filter((c) => !c.hidden);
    expect(shown[2]!.parentKey).toBe(shown[0]!.commentKey);
    expect(PostPage.parse((await post(t, '/api/board/list', { boardId: 'photo', page: 1, search: '노을' })).json()).items.map((p) => p.subject)).toEqual(['첫 출사']);
  });
});
