// Cached answers of the board calls (decision 22): served from memory on a repeat, dropped by
// every write that changes them, ETag / 304, and nobody's personal state in a shared answer.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCookie, createPost, member, READER_POST_ABILITIES, setBoard, viewFreePost, VISITOR_POST_ABILITIES } from '../../test/boards.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { flushViews } from '../posts/view-counter.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
});
afterAll(async () => {
  await t?.close();
});

const stats = () => ({ ...t.app.ctx.answers.stats });
const list = (cookie?: string, body: object = {}) => post(t, '/api/board/list', { boardId: 'free', ...body }, cookie);
const view = (key: number, cookie?: string, headers: Record<string, string> = {}) => viewFreePost(t, key, cookie, headers);
const keysOf = (res: { json(): { items: Array<{ key: number }> } }) => res.json().items.map((i) => i.key);

describe('visitor cache', () => {
  it('serves a repeated visitor list from memory, without the database', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie, { subject: '캐시 목록' });
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(keysOf(first)).toContain(key);
    const before = stats();
    // The database is not asked again: a post written behind the service's back stays unseen.
    await t.database.db.execute(`update posts set subject = '몰래 바꿈' where key = ${key}`);
    const second = await list();
    expect(stats().hits).toBe(before.hits + 1);
    expect(second.body).toBe(first.body);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    // A member's copy of a shared answer is never kept by the browser (shared computers).
    const asMember = await list(writer.cookie);
    expect(asMember.headers['cache-control']).toBe('no-store');
    expect(asMember.headers.etag).toBeTruthy();
  });

  it('a save, an edit, a comment, a recommendation and a delete show at once', async () => {
    const writer = await member(t);
    const reader = await member(t);
    const key = await createPost(t, writer.cookie, { subject: '처음 제목' });
    const item = async () => (await list()).json().items.find((i: { key: number }) => i.key === key);
    expect((await item()).subject).toBe('처음 제목');
    await view(key); // fill the visitor's view as well

    await createPost(t, writer.cookie, { key, subject: '고친 제목' });
    expect((await item()).subject).toBe('고친 제목');
    expect((await view(key)).json().subject).toBe('고친 제목');

    expect((await post(t, '/api/comment/save', { boardId: 'free', key, content: '댓글' }, reader.cookie)).statusCode).toBe(200);
    expect((await item()).commentCount).toBe(1);
    expect((await view(key)).json().commentCount).toBe(1);

    expect((await post(t, '/api/board/recommend', { boardId: 'free', key }, reader.cookie)).statusCode).toBe(200);
    expect((await item()).recommends).toBe(1);
    expect((await view(key)).json().recommends).toBe(1);
    const all = await post(t, '/api/all/list', { page: 1 });
    expect(all.json().items.find((i: { key: number }) => i.key === key).recommends).toBe(1);

    expect((await post(t, '/api/board/delete', { boardId: 'free', key }, writer.cookie)).statusCode).toBe(200);
    expect(await item()).toBeUndefined();
    expect((await post(t, '/api/all/list', { page: 1 })).json().items.map((i: { key: number }) => i.key)).not.toContain(key);
    const gone = await view(key);
    expect(gone.statusCode).toBe(404);
  });

  it('a new post changes the previous post’s next link in a cached view', async () => {
    const writer = await member(t);
    const older = await createPost(t, writer.cookie, { subject: '앞 글' });
    // Fill and check it is cached, then a newer post must show up as its next.
    await view(older);
    const newer = await createPost(t, writer.cookie, { subject: '뒷 글' });
    expect((await view(older)).json().next).toEqual({ key: newer, subject: '뒷 글' });
  });

  it('shares a search among readers of a kind and drops it when the board changes', async () => {
    const writer = await member(t);
    const word = { search: '물안개풍경', searchField: 'subject' };
    const first = await createPost(t, writer.cookie, { subject: '물안개풍경 하나' });
    // Readers asking together share one search; a repeat comes from memory.
    const missed = stats().misses;
    const together = await Promise.all([list(undefined, word), list(undefined, word), list(undefined, word)]);
    expect(together.map(keysOf)).toEqual([[first], [first], [first]]);
    expect(stats().misses).toBe(missed + 1);
    const before = stats();
    expect(keysOf(await list(undefined, word))).toEqual([first]);
    expect(stats().hits).toBe(before.hits + 1);
    // A new post in the board drops it: the next search finds both.
    const second = await createPost(t, writer.cookie, { subject: '물안개풍경 둘' });
    expect(keysOf(await list(undefined, word))).toEqual([second, first]);
    // Another word, field or page is another answer.
    expect(keysOf(await list(undefined, { ...word, search: '물안개풍경 둘' }))).toEqual([second]);
    expect(keysOf(await list(undefined, { ...word, searchField: 'content' }))).toEqual([]);
  });

  it('counts every visitor view although the answer comes from memory', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie);
    for (const ip of ['10.9.0.1', '10.9.0.2', '10.9.0.3']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/board/view', payload: { boardId: 'free', key }, remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    await flushViews(t.database.db);
    const result = await t.database.db.execute(`select views from posts where key = ${key}`);
    const [row] = (result as unknown as { rows: Array<{ views: number }> }).rows;
    expect(Number(row!.views)).toBe(3);
  });

  it('answers 304 to a matching If-None-Match and the new answer after a change', async () => {
    const writer = await member(t);
    const key = await createPost(t, writer.cookie, { subject: '태그' });
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await list(undefined, {});
    expect(again.headers.etag).toBe(etag);
    const notModified = await post(t, '/api/board/list', { boardId: 'free' }, undefined, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const v = await view(key);
    expect((await view(key, undefined, { 'if-none-match': v.headers.etag as string })).statusCode).toBe(304);

    await createPost(t, writer.cookie, { subject: '새 글' });
    const changed = await post(t, '/api/board/list', { boardId: 'free' }, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the cached bytes compressed to a client that accepts gzip', async () => {
    const res = await post(t, '/api/all/list', { page: 1 }, undefined, { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('sends a member’s view, joined from the shared part and their own, compressed or not, alike', async () => {
    const reader = await member(t);
    const key = await createPost(t, reader.cookie, { subject: '압축해서 보내는 글', content: `<p>${'긴 본문 '.repeat(300)}</p>` });
    for (let round = 0; round < 2; round++) {
      const zipped = await post(t, '/api/board/view', { boardId: 'free', key }, reader.cookie, { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers).toMatchObject({ 'content-encoding': 'gzip', 'cache-control': 'no-store' });
      const plain = await post(t, '/api/board/view', { boardId: 'free', key }, reader.cookie);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const fromZip = JSON.parse(gunzipSync(zipped.rawPayload).toString());
      expect(fromZip).toEqual(plain.json());
      expect(fromZip).toMatchObject({ key, subject: '압축해서 보내는 글', views: 1, abilities: { canEdit: true }, recommended: false });
    }
  });

  it('never shows a member’s abilities, recommendation or scrap to another member or a visitor', async () => {
    const author = await member(t);
    const other = await member(t);
    // Of the same level as the other two: shares their cached part of the view, none of their marks.
    const third = await member(t);
    const admin = await adminCookie(t);
    const key = await createPost(t, author.cookie, { subject: '내 글' });
    expect((await post(t, '/api/board/recommend', { boardId: 'free', key }, other.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/favorite/add', { key }, other.cookie)).statusCode).toBe(200);

    const asVisitor = (v: { abilities: Record<string, boolean>; recommended: boolean; scrapped: boolean }) => {
      expect(v.abilities).toEqual(VISITOR_POST_ABILITIES);
      expect(v.recommended).toBe(false);
      expect(v.scrapped).toBe(false);
    };
    // Every order of author, other member, administrator and visitor, twice (the second round
    // reads whatever the first one left in memory).
    for (let round = 0; round < 2; round++) {
      for (const order of [
        ['author', 'other', 'visitor', 'admin'],
        ['visitor', 'author', 'other', 'admin'],
        ['other', 'visitor', 'admin', 'author', 'third'],
        ['third', 'other', 'author'],
      ]) {
        for (const who of order) {
          const cookie = { author: author.cookie, other: other.cookie, third: third.cookie, admin }[who];
          const v = (await view(key, cookie)).json();
          if (who === 'visitor') asVisitor(v);
          if (who === 'author') {
            expect(v.abilities).toMatchObject({ canEdit: true, canDelete: true, canRecommend: false, canReport: false, canReadVersions: true, canReadHidden: false });
            expect([v.recommended, v.scrapped]).toEqual([false, false]);
          }
          if (who === 'other') {
            expect(v.abilities).toMatchObject({ canEdit: false, canDelete: false, canRecommend: true, canReport: true, canReadVersions: false, canReadHidden: false });
            expect([v.recommended, v.scrapped]).toEqual([true, true]);
          }
          if (who === 'third') {
            expect(v.abilities).toEqual(READER_POST_ABILITIES);
            expect([v.recommended, v.scrapped]).toEqual([false, false]);
          }
          if (who === 'admin') {
            expect(v.abilities).toMatchObject({ canDelete: true, canReport: true, canReadVersions: true, canReadHidden: true });
            expect(v.recommended).toBe(false);
          }
          const summary = (await post(t, '/api/board/summary', { boardId: 'free' }, cookie)).json();
          expect(summary.board.abilities.canWrite).toBe(who !== 'visitor');
          expect(summary.board.abilities.canManage).toBe(who === 'admin');
        }
      }
    }
  });

  it('members viewing at once share one statement for their marks, and each gets only their own', async () => {
    const author = await member(t);
    const readers = await Promise.all(Array.from({ length: 6 }, () => member(t)));
    const key = await createPost(t, author.cookie, { subject: '함께 보는 글' });
    const second = await createPost(t, author.cookie, { subject: '같이 보는 다른 글' });
    const warm = await createPost(t, author.cookie, { subject: '먼저 보는 글' });
    // Readers 0, 2 and 4 recommend the first post; 1 and 2 scrap it; 3 recommends the second.
    for (const i of [0, 2, 4]) expect((await post(t, '/api/board/recommend', { boardId: 'free', key }, readers[i]!.cookie)).statusCode).toBe(200);
    for (const i of [1, 2]) expect((await post(t, '/api/favorite/add', { key }, readers[i]!.cookie)).statusCode).toBe(200);
    expect((await post(t, '/api/board/recommend', { boardId: 'free', key: second }, readers[3]!.cookie)).statusCode).toBe(200);
    // Sessions and the shared parts are in memory: the views meet at the marks.
    for (const r of readers) await view(warm, r.cookie);
    await view(key, readers[0]!.cookie);
    await view(second, readers[0]!.cookie);
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    let answers;
    let seconds;
    let markStatements;
    try {
      // Both posts at once, so a batch holds several members and several posts.
      [answers, seconds] = await Promise.all([Promise.all(readers.map((r) => view(key, r.cookie))), Promise.all(readers.map((r) => view(second, r.cookie)))]);
      markStatements = spy.mock.calls.filter((c) => JSON.stringify(c).includes('jsonb_to_recordset')).length;
    } finally {
      spy.mockRestore();
    }
    // Fewer statements than views (how many meet in one turn depends on when their sessions came).
    expect(markStatements).toBeGreaterThan(0);
    expect(markStatements).toBeLessThan(readers.length * 2);
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect([res.json().recommended, res.json().scrapped]).toEqual([[0, 2, 4].includes(i), [1, 2].includes(i)]);
      expect(res.json().abilities.canEdit).toBe(false);
    });
    seconds.forEach((res, i) => {
      expect(res.json()).toMatchObject({ key: second, recommended: i === 3, scrapped: false });
    });
  });

  it('a hidden post’s text reaches administrators only, whoever read it first', async () => {
    const author = await member(t);
    const reporter = await member(t);
    const admin = await adminCookie(t);
    const key = await createPost(t, author.cookie, { subject: '가릴 글', content: '<p>가려질 본문</p>' });
    for (const cookie of [reporter.cookie, admin, undefined]) expect((await view(key, cookie)).json().contentHtml).toContain('가려질 본문');
    const report = await post(t, '/api/report/save', { kind: 'post', key, reason: '광고입니다' }, reporter.cookie);
    expect(report.statusCode, report.body).toBe(200);
    const resolved = await post(t, '/api/admin/report/resolve', { id: report.json().id, outcome: 'hide' }, admin);
    expect(resolved.statusCode, resolved.body).toBe(200);
    for (const order of [
      [admin, author.cookie, reporter.cookie, undefined],
      [author.cookie, admin, undefined, reporter.cookie],
    ]) {
      for (const cookie of order) {
        const v = (await view(key, cookie)).json();
        expect(v.hidden).toBe(true);
        if (cookie === admin) expect(v.contentHtml).toContain('가려질 본문');
        else expect(v.contentHtml).not.toContain('가려질 본문');
      }
    }
  });

  it('a board visitors may not read is refused from memory too', async () => {
    const admin = await adminCookie(t);
    await setBoard(t, 'free', { readLevel: 1 });
    try {
      expect((await list(admin)).statusCode).toBe(200);
      const res = await list();
      expect(res.statusCode).toBe(403);
    } finally {
      await setBoard(t, 'free', { readLevel: 0 });
    }
  });
});
