// A Gnuboard5 site in the MariaDB server of this machine, for the importer's benchmark
// (bench/run-import.ts): the tables of the importer's tests (server/test/gnuboard5.ts), then the
// engine's own secondary keys (adm/sql_write.sql: wr_num_reply_parent, wr_is_comment), filled by
// LOAD DATA LOCAL INFILE from rows generated on the fly (streamed: nothing is held in memory).
//
//   tsx bench/seed-gnuboard5.ts [--members 100000] [--posts 1000000] [--comments 1000000] [--database bench_g5]
//
// Twenty boards of uneven size in four groups, half with categories; Korean subjects and HTML
// bodies from the boards bench's word lists (a few hundred bytes each), a share written as plain
// text or html2; notices, answers to posts (wr_reply), replies to comments (wr_comment_reply),
// secret posts and comments, guests' posts, withdrawn and blocked members and a few nickname
// clashes. A seeded generator: the same site every run.
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { prng } from '../server/test/prng.js';
import { SCHEMA, writeTable } from '../server/test/gnuboard5.js';
import { bodyHtml, COMMENTS, subjectText } from './seed-boards.js';

export const MYSQL_ROOT = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/mysql';

export interface Gnuboard5Size {
  members: number;
  posts: number;
  comments: number;
}

export const FULL_G5: Gnuboard5Size = { members: 100_000, posts: 1_000_000, comments: 1_000_000 };
export const G5_BOARDS = 20;

const GROUPS = [
  ['community', '커뮤니티'],
  ['gallery', '사진 갤러리'],
  ['gear', '장비'],
  ['club', '동호회'],
] as const;
const BOARD_NAMES = [
  '자유게시판', '출사 후기', '풍경 사진', '인물 사진', '질문과 답변', '장비 사용기', '중고 장터', '보정 강좌', '공지사항', '가입 인사',
  '야경 사진', '거리 사진', '필름 카메라', '접사 사진', '동물 사진', '여행 사진', '모임 안내', '건의사항', '작품 비평', '사진 이야기',
];
const CATEGORIES = ['풍경', '인물', '접사', '야경', '거리', '기타'];
const ADJECTIVES = ['푸른', '조용한', '빛나는', '느린', '작은', '따뜻한', '새벽의', '맑은', '행복한', '겨울', '바람의', '노을빛'];
const NOUNS = ['셔터', '렌즈', '필름', '조리개', '사진가', '여행자', '고양이', '하늘', '바다', '구름', '산책', '풍경'];
const GUESTS = ['지나가던손님', '손님', '방문자', '사진좋아', '익명'];
const START = Date.UTC(2006, 0, 1);
const SPAN = Date.UTC(2026, 9, 1) - START;

/** MySQL DATETIME text (the old site's local time; the importer reads it as Korean time). */
const datetime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** A field for LOAD DATA's default format (tab-separated, backslash escapes). */
const field = (v: string | number) =>
  typeof v === 'number' ? String(v) : v.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!);
const line = (values: Array<string | number>) => values.map(field).join('\t') + '\n';

/** Rows as a stream of text chunks of about a thousand lines, generated as MariaDB reads them. */
function rowStream(rows: Iterable<Array<string | number>>): Readable {
  function* chunks() {
    let buf = '';
    let n = 0;
    for (const r of rows) {
      buf += line(r);
      if (++n % 1000 === 0) {
        yield Buffer.from(buf);
        buf = '';
      }
    }
    if (buf) yield Buffer.from(buf);
  }
  return Readable.from(chunks());
}

async function load(conn: mysql.Connection, table: string, columns: string[], rows: Iterable<Array<string | number>>) {
  await conn.query({
    sql: `load data local infile 'stream' into table ${mysql.escapeId(table)} character set utf8mb4 (${columns.map((c) => mysql.escapeId(c)).join(', ')})`,
    infileStreamFactory: () => rowStream(rows),
  });
}

/** Board sizes: a few large boards and a long tail (weights 1/(i+1)^0.8), summing to total. */
function shares(total: number, n: number): number[] {
  const w = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** 0.8);
  const sum = w.reduce((a, b) => a + b, 0);
  const out = w.map((x) => Math.floor((x / sum) * total));
  out[0]! += total - out.reduce((a, b) => a + b, 0);
  return out;
}

const boardId = (i: number) => `b${String(i + 1).padStart(2, '0')}`;
const memberId = (n: number) => `m${n}`;

function plainBody(rand: () => number): string {
  // Plain-text posts (no html option): paragraphs and line breaks as typed, a stray '<' or two.
  return bodyHtml(rand)
    .replace(/<\/p><p>/g, '\n\n')
    .replace(/<\/?p>/g, '')
    .replace(/\. /g, rand() < 0.3 ? '.\n' : '. ') + (rand() < 0.1 ? ' <3 a<b' : '');
}

/** One board's rows: posts and comments interleaved in time, in the order their ids were given. */
function* boardRows(rand: () => number, posts: number, comments: number, members: number, categories: string[]) {
  const postIds = new Int32Array(posts);
  const wrNum = new Int32Array(posts);
  const reply = new Uint8Array(posts); // 0: a post; 1..26: an answer with that letter
  const answers = new Uint8Array(posts);
  const groups = new Uint16Array(posts);
  let p = 0;
  let c = 0;
  const total = posts + comments;
  for (let id = 1; id <= total; id++) {
    const at = START + Math.floor((id / total) * SPAN) + Math.floor(rand() * 3_600_000);
    const guest = rand() < 0.04;
    const author = Math.floor(rand() ** 2 * members) + 1;
    const mb = guest ? '' : memberId(author);
    const name = guest ? GUESTS[Math.floor(rand() * GUESTS.length)]! : `회원${author}`;
    const isPost = p < posts && (p === 0 || c >= comments || rand() < (posts - p) / (total - id + 1));
    if (isPost) {
      let num = -id;
      let letter = 0;
      if (p > 10 && rand() < 0.03) {
        // An answer to a recent post (Gnuboard5: the parent's wr_num, its wr_reply and a letter).
        const parent = p - 1 - Math.floor(rand() * Math.min(p, 500));
        if (reply[parent] === 0 && answers[parent]! < 26) {
          num = wrNum[parent]!;
          letter = ++answers[parent]!;
        }
      }
      postIds[p] = id;
      wrNum[p] = num;
      reply[p] = letter;
      p++;
      const r = rand();
      const secret = rand() < 0.02;
      const html = r < 0.7 ? 'html1' : r < 0.8 ? 'html2' : '';
      const option = [html, secret ? 'secret' : ''].filter(Boolean).join(',');
      const content = html ? bodyHtml(rand) : plainBody(rand);
      const subject = letter ? `Re: ${subjectText(rand)}` : subjectText(rand);
      yield [
        id, num, letter ? String.fromCharCode(64 + letter) : '', id, 0, 0, '',
        categories.length ? categories[Math.floor(rand() * categories.length)]! : '', option, subject, content,
        Math.floor(rand() ** 3 * 5000), Math.floor(rand() ** 4 * 30), mb, name, datetime(at), datetime(at),
      ];
    } else {
      // A comment on a recent post; one in seven replies to the post's last top-level comment.
      const post = p - 1 - Math.floor(rand() ** 3 * Math.min(p, 2000));
      let group = groups[post]!;
      let commentReply = '';
      if (group > 0 && rand() < 0.15) commentReply = 'A';
      else group = groups[post] = Math.min(65535, group + 1);
      c++;
      const text = COMMENTS[Math.floor(rand() * COMMENTS.length)]! + (rand() < 0.3 ? ` ${COMMENTS[Math.floor(rand() * COMMENTS.length)]!}` : '');
      yield [
        id, wrNum[post]!, reply[post] ? String.fromCharCode(64 + reply[post]!) : '', postIds[post]!, 1, group, commentReply,
        '', rand() < 0.01 ? 'secret' : '', '', text, 0, 0, mb, name, datetime(at), datetime(at),
      ];
    }
  }
}

const WRITE_COLUMNS = [
  'wr_id', 'wr_num', 'wr_reply', 'wr_parent', 'wr_is_comment', 'wr_comment', 'wr_comment_reply', 'ca_name', 'wr_option', 'wr_subject',
  'wr_content', 'wr_hit', 'wr_good', 'mb_id', 'wr_name', 'wr_datetime', 'wr_last',
];

export async function seedGnuboard5(database: string, size: Gnuboard5Size, log = console.log): Promise<{ url: string; seconds: number }> {
  if (!/^[a-z0-9_]+$/.test(database)) throw new Error(`database name ${database} is not a plain name`);
  const started = performance.now();
  const admin = await mysql.createConnection({ uri: MYSQL_ROOT });
  await admin.query(`drop database if exists ${database}`);
  await admin.query(`create database ${database} character set utf8mb4`);
  await admin.end();
  const url = MYSQL_ROOT.replace(/\/[^/]*$/, `/${database}`);
  const conn = await mysql.createConnection({ uri: url, charset: 'utf8mb4' });
  try {
    await conn.query('set unique_checks = 0, foreign_key_checks = 0');
    for (const s of SCHEMA) await conn.query(s);
    const rand = prng(20061);
    // A handful of real Gnuboard5 hashes (12,000 rounds each is too slow for 100,000 members):
    // the importer keeps hashes as they are, so their variety does not change its work.
    const hashes = ['sha256:12000:c2FsdHNhbHRzYWx0c2FsdHNhbHRzYWx0:q1e4u7nX8v0m2p5s9d3f6g1h4j7k0l2z', '*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19', ''];
    const t0 = performance.now();
    await load(
      conn,
      'g5_member',
      ['mb_no', 'mb_id', 'mb_password', 'mb_name', 'mb_nick', 'mb_email', 'mb_level', 'mb_point', 'mb_datetime', 'mb_leave_date', 'mb_intercept_date'],
      (function* () {
        for (let n = 1; n <= size.members; n++) {
          // Half a percent take a nickname an earlier member has (the importer makes them unique).
          const nick = rand() < 0.005 && n > 10 ? `${ADJECTIVES[n % 12]}${NOUNS[(n * 7) % 12]}${n - 7}` : `${ADJECTIVES[n % 12]}${NOUNS[(n * 7) % 12]}${n}`;
          const joined = START + Math.floor((n / size.members) * SPAN * 0.9);
          const leave = rand() < 0.02 ? '20240101' : '';
          const blocked = !leave && rand() < 0.005 ? '20230301' : '';
          const r = rand();
          yield [n, memberId(n), hashes[r < 0.9 ? 0 : r < 0.99 ? 1 : 2]!, `이름${n}`, nick, `m${n}@example.com`, 2 + Math.floor(rand() ** 3 * 8), Math.floor(rand() * 20000), datetime(joined), leave, blocked];
        }
      })(),
    );
    await load(
      conn,
      'g5_point',
      ['po_id', 'mb_id', 'po_datetime', 'po_content', 'po_point'],
      (function* () {
        for (let n = 1; n <= size.members; n++) yield [n, memberId(n), datetime(START + Math.floor((n / size.members) * SPAN * 0.9)), '회원가입 축하', 1000];
      })(),
    );
    await conn.query(`insert into g5_config (cf_admin) values ('admin')`);
    log(`members: ${size.members.toLocaleString('en')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const postShares = shares(size.posts, G5_BOARDS);
    const commentShares = shares(size.comments, G5_BOARDS);
    const boards = Array.from({ length: G5_BOARDS }, (_, i) => ({
      bo: boardId(i),
      group: GROUPS[i % GROUPS.length]![0],
      name: BOARD_NAMES[i]!,
      categories: i % 2 === 0 ? CATEGORIES.slice(0, 3 + (i % 4)) : [],
    }));
    await conn.query(`insert into g5_group (gr_id, gr_subject, gr_order) values ?`, [GROUPS.map(([id, subject], i) => [id, subject, i])]);
    await conn.query(
      `insert into g5_board (bo_table, gr_id, bo_subject, bo_read_level, bo_write_level, bo_comment_level, bo_use_category, bo_category_list, bo_order, bo_notice) values ?`,
      [boards.map((b, i) => [b.bo, b.group, b.name, 1, i === 8 ? 10 : 2, 2, b.categories.length ? 1 : 0, b.categories.join('|'), i, ''])],
    );
    for (const [i, b] of boards.entries()) {
      const t = performance.now();
      await conn.query(writeTable(b.bo));
      await load(conn, `g5_write_${b.bo}`, WRITE_COLUMNS, boardRows(rand, postShares[i]!, commentShares[i]!, size.members, b.categories));
      // The engine's own keys (adm/sql_write.sql), built once the rows are in.
      await conn.query(`alter table g5_write_${b.bo} add key wr_num_reply_parent (wr_num, wr_reply, wr_parent), add key wr_is_comment (wr_is_comment, wr_id)`);
      // Three notices: the board's first posts.
      const [first] = await conn.query(`select wr_id from g5_write_${b.bo} where wr_is_comment = 0 order by wr_id limit 3`);
      await conn.query(`update g5_board set bo_notice = ? where bo_table = ?`, [(first as Array<{ wr_id: number }>).map((r) => r.wr_id).join(','), b.bo]);
      log(`board ${b.bo}: ${postShares[i]!.toLocaleString('en')} posts, ${commentShares[i]!.toLocaleString('en')} comments in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }

    // Recommendations and scraps of about one post in twenty and forty (by other members), and letters.
    for (const b of boards) {
      await conn.query(
        `insert into g5_board_good (bo_table, wr_id, mb_id, bg_flag, bg_datetime)
         select ?, wr_id, concat('m', 1 + (wr_id * 7919) % ?), if(wr_id % 200 = 0, 'nogood', 'good'), wr_datetime
         from ${mysql.escapeId(`g5_write_${b.bo}`)} where wr_is_comment = 0 and wr_id % 20 = 0`,
        [b.bo, size.members],
      );
      await conn.query(
        `insert into g5_scrap (mb_id, bo_table, wr_id, ms_datetime)
         select concat('m', 1 + (wr_id * 104729) % ?), ?, wr_id, wr_datetime
         from ${mysql.escapeId(`g5_write_${b.bo}`)} where wr_is_comment = 0 and wr_id % 40 = 1`,
        [size.members, b.bo],
      );
    }
    const marks = Math.round(size.posts / 20);
    await load(
      conn,
      'g5_memo',
      ['me_id', 'me_recv_mb_id', 'me_send_mb_id', 'me_send_datetime', 'me_read_datetime', 'me_memo', 'me_send_id', 'me_type'],
      (function* () {
        for (let n = 1; n <= marks / 2; n++) {
          const at = START + Math.floor(rand() * SPAN);
          const text = `${COMMENTS[Math.floor(rand() * COMMENTS.length)]!}\n다음 출사 일정 알려 주세요.`;
          yield [n, memberId(1 + Math.floor(rand() * size.members)), memberId(1 + Math.floor(rand() * size.members)), datetime(at), rand() < 0.8 ? datetime(at + 3_600_000) : '0000-00-00 00:00:00', text, 0, 'recv'];
        }
      })(),
    );
    const seconds = (performance.now() - started) / 1000;
    log(`seeded ${database} in ${seconds.toFixed(1)} s`);
    return { url, seconds };
  } finally {
    await conn.end();
  }
}

export async function dropGnuboard5(database: string) {
  const admin = await mysql.createConnection({ uri: MYSQL_ROOT });
  await admin.query(`drop database if exists ${mysql.escapeId(database)}`);
  await admin.end();
}

export function sizeArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { members: { type: 'string' }, posts: { type: 'string' }, comments: { type: 'string' }, database: { type: 'string' } },
    allowPositionals: true,
  });
  const n = (v: string | undefined, d: number) => (v === undefined ? d : Number(v.replace(/[_,]/g, '')));
  return {
    size: { members: n(values.members, FULL_G5.members), posts: n(values.posts, FULL_G5.posts), comments: n(values.comments, FULL_G5.comments) },
    database: values.database ?? 'bench_g5',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { size, database } = sizeArgs(process.argv.slice(2));
  seedGnuboard5(database, size).then(
    () => process.exit(0),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
