// The boards benchmark database: 100,000 members, 20 boards, 1,000,000 posts and 1,000,000
// comments, in bulk INSERT … SELECT statements over generate_series (bench/run-boards.ts uses it;
// `tsx bench/seed-boards.ts` seeds the database of DATABASE_URL or DATA_DIR on its own).
//
// Subjects, bodies and comments are Korean sentences built from word lists, a few hundred
// distinct templates of each, computed here in TypeScript; every post takes a subject template
// and a body template chosen by its series number. Words are drawn with a skew (a few common,
// most rare), so a two-character search word matches a realistic share of the posts. The search
// columns come from server/modules/posts/search.ts itself: each template's tokens are computed
// once per field (s:, c:, n:) and a post's array is the concatenation of its three parts, exactly
// what searchColumns(subject, plainText(content), nickName) returns (checked on a sample at the end).
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { loadConfig } from '../server/config.js';
import { openDatabase, type Database } from '../server/db/client.js';
import { boardCategories, boards } from '../server/db/schema/index.js';
import { plainText } from '../server/modules/posts/content.js';
import { rebuildPageChunks } from '../server/modules/posts/page-chunks.js';
import { normaliseText, searchColumns } from '../server/modules/posts/search.js';
import { postSlice, SLICE_SIZE } from '../server/modules/posts/search-slices.js';
import { seedBench } from './seed.js';
import { prng } from '../server/test/prng.js';

export interface BoardsSeedSize {
  members: number;
  posts: number;
  comments: number;
}

export const FULL_SIZE: BoardsSeedSize = { members: 100_000, posts: 1_000_000, comments: 1_000_000 };
export const BOARD_COUNT = 20;
/** Rows per INSERT statement: bounds the memory one statement needs (PGlite keeps it in WebAssembly). */
const CHUNK = 100_000;

export interface BoardsSeedResult {
  userId: string;
  rank: number;
  boardIds: string[];
  seconds: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// Text templates


/** A word from the list, the first ones far more often (a long tail of rare ones). */
const skewed = (rand: () => number, words: readonly string[]) => words[Math.floor(rand() ** 1.6 * words.length)]!;
const uniform = <T,>(rand: () => number, words: readonly T[]): T => words[Math.floor(rand() * words.length)]!;

/** The particle after a word: 을/를, 이/가, 은/는, 과/와 by its last syllable's final consonant. */
function josa(word: string, withFinal: string, without: string) {
  const c = word.charCodeAt(word.length - 1);
  const hangul = c >= 0xac00 && c <= 0xd7a3;
  const final = hangul ? (c - 0xac00) % 28 !== 0 : /[013678lmn]$/i.test(word);
  return word + (final ? withFinal : without);
}

const PLACES = [
  '한강', '동네 골목', '남산', '북촌', '서울숲', '경복궁', '제주도', '해운대', '강릉 바다', '여의도', '올림픽공원',
  '전주 한옥마을', '두물머리', '순천만', '설악산', '지리산', '을왕리', '재래시장', '낙산공원', '광안대교', '보성 녹차밭',
  '안동 하회마을', '태백', '통영', '성산일출봉', '월정리', '덕수궁 돌담길', '인사동', '문래동', '익선동',
];
const SUBJECTS = [
  '노을', '야경', '하늘', '구름', '고양이', '풍경', '인물', '바다', '벚꽃', '단풍', '강아지', '새벽 안개', '눈 오는 날',
  '비 오는 거리', '은하수', '별 궤적', '일출', '건물', '다리', '기차', '아이들', '꽃', '수국', '억새', '철새', '골목길',
  '반영', '실루엣', '그림자', '불꽃놀이',
];
const CAMERAS = [
  '소니 A7', '캐논 R6', '니콘 Z6', '후지 X-T5', '리코 GR', '라이카 Q2', '캐논 5D', '니콘 D750', '올림푸스 E-M1',
  '파나소닉 S5', '펜탁스 K-1', '시그마 fp', '소니 A6400', '후지 X100V', '아이폰',
];
const LENSES = [
  '50mm 단렌즈', '표준 줌렌즈', '광각 렌즈', '망원 렌즈', '35mm 단렌즈', '85mm 렌즈', '매크로 렌즈', '어안 렌즈',
  '수동 렌즈', '번들 렌즈', '틸트 시프트 렌즈', '반사 망원',
];
const TOPICS = [
  '보정', '구도', '노출', '색감', '초점', '화이트밸런스', '필름', '삼각대', '필터', '스트로브', '셔터스피드', '조리개',
  '감도', '라이트룸', '인화', '측광', '장노출', '역광', '심도', '동체 추적',
];
const TIMES = ['주말', '오늘 아침', '퇴근길', '새벽', '저녁', '어제', '지난주', '휴가 중', '점심시간', '비 온 뒤', '해 질 녘', '연휴'];
const FEELINGS = [
  '생각보다 잘 나왔습니다', '아쉬움이 많이 남네요', '다음에 또 가고 싶어요', '색이 참 예뻤습니다', '손이 떨려서 고생했어요',
  '사람이 많아서 힘들었어요', '바람이 많이 불었습니다', '빛이 정말 좋았어요', '조언 부탁드립니다', '즐거운 출사였습니다',
  '오랜만에 셔터를 눌렀네요', '처음 가 본 곳이었어요',
];

export function subjectText(rand: () => number): string {
  const place = skewed(rand, PLACES);
  const subj = skewed(rand, SUBJECTS);
  const camera = skewed(rand, CAMERAS);
  const lens = skewed(rand, LENSES);
  const topic = skewed(rand, TOPICS);
  const time = uniform(rand, TIMES);
  const patterns = [
    () => `${place}에서 찍은 ${subj}`,
    () => `${camera} 한 달 사용기`,
    () => `${josa(lens, '을', '를')} 추천해 주세요`,
    () => `${topic} 질문 있습니다`,
    () => `${time} ${place} 출사 후기`,
    () => `${subj} 사진 몇 장 올립니다`,
    () => `${josa(camera, '과', '와')} ${lens} 조합 어떤가요?`,
    () => `초보의 ${topic} 고민`,
    () => `${place} ${subj} 명소 정보`,
    () => `${time}의 ${subj}`,
    () => `${josa(subj, '을', '를')} ${lens}로 담아 봤어요`,
    () => `${place} 다녀왔습니다 (${camera})`,
  ];
  return uniform(rand, patterns)();
}

function sentence(rand: () => number): string {
  const place = skewed(rand, PLACES);
  const subj = skewed(rand, SUBJECTS);
  const camera = skewed(rand, CAMERAS);
  const lens = skewed(rand, LENSES);
  const topic = skewed(rand, TOPICS);
  const time = uniform(rand, TIMES);
  const patterns = [
    () => `${time} ${place}에 가서 ${josa(subj, '을', '를')} 찍었습니다.`,
    () => `${josa(camera, '에', '에')} ${josa(lens, '을', '를')} 물려서 다녔어요.`,
    () => `${josa(topic, '은', '는')} 아직도 어렵네요.`,
    () => `${uniform(rand, FEELINGS)}.`,
    () => `${place}의 ${josa(subj, '이', '가')} 정말 멋졌습니다.`,
    () => `${josa(topic, '을', '를')} 조금 바꿔 봤는데 어떤지 봐 주세요.`,
    () => `${lens} 하나로 하루 종일 찍었더니 ${uniform(rand, FEELINGS)}.`,
    () => `다음에는 ${josa(camera, '으로', '로')} ${josa(subj, '을', '를')} 다시 찍어 보려고 합니다.`,
    () => `혹시 ${place} ${subj} 포인트 아시는 분 계신가요?`,
    () => `${josa(topic, '과', '와')} ${josa(skewed(rand, TOPICS), '을', '를')} 같이 신경 써야 한다고 들었어요.`,
  ];
  return uniform(rand, patterns)();
}

export function bodyHtml(rand: () => number): string {
  const paragraphs = 1 + Math.floor(rand() * 3);
  const out: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const n = 1 + Math.floor(rand() * 3);
    out.push(`<p>${Array.from({ length: n }, () => sentence(rand)).join(' ')}</p>`);
  }
  return out.join('');
}

export const COMMENTS = [
  '멋진 사진이네요!', '구도가 정말 좋습니다.', '저도 가 보고 싶어요.', '정보 감사합니다.', '색감이 예뻐요.',
  '렌즈 정보 좀 알려 주세요.', '잘 보고 갑니다.', '보정은 어떻게 하셨나요?', '와, 노을이 대단하네요.', '다음 출사 때 같이 가요.',
  '삼각대 없이 찍으신 건가요?', '좋은 글 감사합니다.', '저도 같은 고민 중이에요.', '추천 누르고 갑니다.', '부럽습니다!',
  '초점이 살짝 아쉽네요.', '분위기 최고예요.', '야경 사진 잘 봤습니다.', '고양이 너무 귀여워요.', '설명이 친절하시네요.',
];

/** Distinct template counts are primes, so a post's (subject, body) pair repeats rarely. */
const SUBJECT_TEMPLATES = 409;
const BODY_TEMPLATES = 307;

/** Templates' tokens start with ':' (no board): each post's are prefixed with its board's id in SQL. */
const NO_BOARD = '';

interface Template {
  text: string;
  norm: string;
  tokens: string[];
}

function templates() {
  const rand = prng(20261121);
  const subjects: Template[] = [];
  for (let i = 0; i < SUBJECT_TEMPLATES; i++) {
    const text = subjectText(rand);
    subjects.push({ text, norm: normaliseText(text), tokens: searchColumns(NO_BOARD, text, '', '').searchBigrams });
  }
  const bodies: Template[] = [];
  for (let i = 0; i < BODY_TEMPLATES; i++) {
    const html = bodyHtml(rand);
    const { searchText, searchBigrams } = searchColumns(NO_BOARD, '', plainText(html), '');
    bodies.push({ text: html, norm: searchText.split('\n')[1]!, tokens: searchBigrams });
  }
  return { subjects, bodies };
}

// ---------------------------------------------------------------------------------------------
// Boards

/** Four boards come from the first start (free, notice, manual, site; market and gallery are not seeded); 16 more like them. */
const EXTRA_BOARDS: Array<{ id: string; name: string; categories: string[] }> = [
  { id: 'landscape', name: '풍경 사진', categories: ['산', '바다', '도시', '계절'] },
  { id: 'portrait', name: '인물 사진', categories: ['야외', '실내', '스냅'] },
  { id: 'street', name: '거리 사진', categories: ['골목', '시장', '사람들'] },
  { id: 'night', name: '야경과 별', categories: ['야경', '별', '은하수'] },
  { id: 'animals', name: '동물 사진', categories: ['고양이', '강아지', '새', '기타'] },
  { id: 'macro', name: '접사', categories: ['꽃', '곤충', '사물'] },
  { id: 'film', name: '필름 사진', categories: ['35mm', '중형', '현상과 스캔'] },
  { id: 'gear', name: '장비 이야기', categories: ['카메라', '렌즈', '액세서리', '가방'] },
  { id: 'edit', name: '보정 강좌', categories: ['라이트룸', '포토샵', '모바일'] },
  { id: 'qna', name: '질문과 답변', categories: ['촬영', '장비', '보정', '기타'] },
  { id: 'trips', name: '출사 후기', categories: ['국내', '해외'] },
  { id: 'meetups', name: '정모와 번개', categories: ['정모', '번개', '공지'] },
  { id: 'critique', name: '사진 평가', categories: ['구도', '노출', '색감'] },
  { id: 'phone', name: '폰카 사진', categories: ['아이폰', '갤럭시', '기타'] },
  { id: 'daily', name: '일상 사진', categories: ['일상', '음식', '여행'] },
  { id: 'market-talk', name: '장터 이야기', categories: ['후기', '시세', '주의'] },
];

async function addBoards(db: Database['db']) {
  await db.transaction(async (tx) => {
    for (const [i, b] of EXTRA_BOARDS.entries()) {
      await tx.insert(boards).values({ id: b.id, name: b.name, description: `${b.name} 게시판입니다.`, sort: 10 + i });
      await tx.insert(boardCategories).values(b.categories.map((name, j) => ({ boardId: b.id, code: `c${j + 1}`, name, sort: j + 1 })));
    }
  });
}

// ---------------------------------------------------------------------------------------------

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;
/** One array parameter (drizzle would otherwise spread a JavaScript array into a list). */
const arr = (values: unknown[]) => sql.param(values);

/** Seeds members (bench/seed.ts), boards, posts and comments into the database of `env`. */
export async function seedBoards(
  env: Record<string, string>,
  size: BoardsSeedSize = FULL_SIZE,
  log: (line: string) => void = console.log,
): Promise<BoardsSeedResult> {
  const seconds: Record<string, number> = {};
  let t0 = performance.now();
  const lap = (name: string) => {
    const t = performance.now();
    seconds[name] = Math.round((t - t0) / 100) / 10;
    log(`  ${name}: ${seconds[name]} s`);
    t0 = t;
  };

  // Migrations, the first start (4 boards, site pages, levels, admin) and the members.
  const member = await seedBench(env, size.members);
  lap(`migrations, first start, ${size.members.toLocaleString('en')} members`);

  const config = loadConfig(env);
  const database = config.databaseUrl
    ? await openDatabase({ url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ dataDir: join(config.dataDir, 'pglite') });
  const { db } = database;
  const pgServer = database.kind === 'postgres';
  try {
    await addBoards(db);
    const boardRows = rowsOf<{ id: string; n: number }>(
      // The market's and the galleries' boards hold items with rows of their own: not seeded here.
      await db.execute(sql`select b.id, count(c.*)::int as n from boards b join board_categories c on c.board_id = b.id
        where b.id not in ('market', 'gallery') group by b.id, b.sort order by b.sort, b.id`),
    );
    if (boardRows.length !== BOARD_COUNT) throw new Error(`expected ${BOARD_COUNT} boards, found ${boardRows.length}`);

    // Templates and each member's nickname tokens, in work tables dropped at the end.
    const { subjects, bodies } = templates();
    await db.execute(sql`drop table if exists bench_subjects, bench_bodies, bench_comments, bench_boards, bench_nicks`);
    await db.execute(sql`create table bench_subjects (i int primary key, subject text, norm text, tokens text[])`);
    await db.execute(sql`create table bench_bodies (i int primary key, html text, norm text, tokens text[])`);
    await db.execute(sql`create table bench_comments (i int primary key, content text)`);
    await db.execute(sql`create table bench_boards (i int primary key, id text, categories int)`);
    await db.execute(sql`create table bench_nicks (r int primary key, no int, nick text, norm text, tokens text[])`);
    const SEP = '\u0001';
    const fill = (table: string, list: Template[]) =>
      db.execute(sql`insert into ${sql.raw(table)} select o - 1, t, n, string_to_array(k, ${SEP})
        from unnest(${arr(list.map((x) => x.text))}::text[], ${arr(list.map((x) => x.norm))}::text[], ${arr(list.map((x) => x.tokens.join(SEP)))}::text[])
        with ordinality as u(t, n, k, o)`);
    await fill('bench_subjects', subjects);
    await fill('bench_bodies', bodies);
    await db.execute(sql`insert into bench_comments select o - 1, c from unnest(${arr(COMMENTS)}::text[]) with ordinality as u(c, o)`);
    await db.execute(sql`insert into bench_boards select o - 1, id, n from unnest(${arr(boardRows.map((b) => b.id))}::text[], ${arr(boardRows.map((b) => b.n))}::int[]) with ordinality as u(id, n, o)`);
    const members = rowsOf<{ no: number; nick_name: string }>(await db.execute(sql`select no, nick_name from users where nick_name is not null order by no`));
    for (let i = 0; i < members.length; i += 20_000) {
      const part = members.slice(i, i + 20_000);
      const norms = part.map((m) => normaliseText(m.nick_name));
      await db.execute(sql`insert into bench_nicks select ${i}::int + o, no, nick, norm, string_to_array(k, ${SEP})
        from unnest(${arr(part.map((m) => m.no))}::int[], ${arr(part.map((m) => m.nick_name))}::text[], ${arr(norms)}::text[],
                    ${arr(part.map((m) => searchColumns(NO_BOARD, '', '', m.nick_name).searchBigrams.join(SEP)))}::text[]) with ordinality as u(no, nick, norm, k, o)`);
    }
    const memberCount = members.length;
    await db.execute(sql`analyze bench_subjects, bench_bodies, bench_comments, bench_boards, bench_nicks`);
    lap('templates and nickname tokens');

    // Bulk loading: indexes are dropped and built once afterwards (far faster than row by row,
    // above all the GIN index), and foreign keys are not checked row by row: the rows are
    // consistent by construction.
    const indexes = rowsOf<{ name: string; def: string }>(
      await db.execute(sql`select indexname as name, indexdef as def from pg_indexes
        where schemaname = 'public' and tablename in ('posts', 'comments') and indexname not like '%_pkey'`),
    );
    for (const ix of indexes) await db.execute(sql.raw(`drop index ${ix.name}`));
    await db.execute(sql`set session_replication_role = replica`);

    const [{ base }] = rowsOf<{ base: number }>(await db.execute(sql`select coalesce(max(key), 0)::int as base from posts`)) as [{ base: number }];
    // The search slice of post i (key base + i) of board i % 20, as the write path would have cut
    // them: the board's posts in slices of SLICE_SIZE, the first from 0 (with the first start's).
    // Post i is its board's (i / 20)th, counted from 1 on board 0 (i starts at 1).
    const sliceLo = (i: SQL) => {
      const first = sql`(case when ${i} % ${BOARD_COUNT} = 0 then 1 else 0 end)`;
      const n = sql`((${i} / ${BOARD_COUNT} - ${first}) / ${SLICE_SIZE})`;
      return sql`(case when ${n} = 0 then 0 else ${base}::int + ${BOARD_COUNT} * (${n} * ${SLICE_SIZE} + ${first}) + ${i} % ${BOARD_COUNT} end)`;
    };
    // Post i (1..N): board i % 20; category by i; subject template i % 409, body (i * 31) % 307;
    // author skewed towards the low member numbers; one post every 90 s up to now; the first
    // 60 are notices (3 a board); 1 % are deleted; comment_count from a pattern of 10 whose
    // mean is the comments-per-post ratio, so the comments below match it exactly.
    const perPost = size.comments / size.posts;
    const pattern = commentPattern(perPost);
    for (let from = 1; from <= size.posts; from += CHUNK) {
      const to = Math.min(size.posts, from + CHUNK - 1);
      await db.execute(sql`
        insert into posts (key, board_id, category, user_no, nick_name, subject, content, notice, views, recommends,
                           comment_count, created_at, updated_at, deleted_at, has_image, has_file, search_text, search_bigrams)
        select ${base}::int + g.i, b.id, 'c' || (1 + (g.i / ${BOARD_COUNT}) % b.categories), n.no, n.nick, s.subject, d.html,
               g.i <= 60, (g.i * 37) % 700, (g.i * 13) % 23 * (g.i % 3) / 2,
               (${arr(pattern)}::int[])[1 + (g.i * 3) % 10],
               g.created, g.created, case when g.i % 101 = 50 then g.created + interval '1 hour' end,
               g.i % 3 = 0, g.i % 17 = 0,
               s.norm || E'\n' || d.norm || E'\n' || n.norm,
               array(select b.id || '@' || ${sliceLo(sql`g.i`)} || t from unnest(s.tokens || d.tokens || n.tokens) as t)
        from (select i, now() - make_interval(secs => (${size.posts}::int - i) * 90.0) as created,
                     1 + floor(power(((i::bigint * 2654435761) % 1000003) / 1000003.0, 2) * ${memberCount})::int as m
              from generate_series(${from}::int, ${to}::int) as s(i)) g
        join bench_boards b on b.i = g.i % ${BOARD_COUNT}
        join bench_subjects s on s.i = g.i % ${SUBJECT_TEMPLATES}
        join bench_bodies d on d.i = (g.i * 31) % ${BODY_TEMPLATES}
        join bench_nicks n on n.r = g.m`);
      log(`    posts ${to.toLocaleString('en')}`);
    }
    await db.execute(sql`select setval(pg_get_serial_sequence('posts', 'key'), (select max(key) from posts))`);
    lap(`${size.posts.toLocaleString('en')} posts`);

    // Comments: comment_count of each post, by members spread over the table, a few minutes apart.
    for (let from = 1; from <= size.posts; from += CHUNK) {
      const to = Math.min(size.posts, from + CHUNK - 1);
      await db.execute(sql`
        insert into comments (post_key, user_no, nick_name, content, created_at, updated_at)
        select p.key, n.no, n.nick, c.content, p.created_at + make_interval(mins => g.j * 7), p.created_at + make_interval(mins => g.j * 7)
        from posts p
        cross join lateral generate_series(1, p.comment_count) as g(j)
        join bench_comments c on c.i = (p.key + g.j) % ${COMMENTS.length}
        join bench_nicks n on n.r = 1 + (p.key * 7919 + g.j * 104729) % ${memberCount}
        where p.key between ${base + from}::int and ${base + to}::int`);
    }
    await db.execute(sql`select setval(pg_get_serial_sequence('comments', 'key'), (select coalesce(max(key), 1) from comments))`);
    lap(`${size.comments.toLocaleString('en')} comments`);

    await db.execute(sql`set session_replication_role = origin`);
    await db.execute(sql.raw(`set maintenance_work_mem = '${pgServer ? '1GB' : '256MB'}'`));
    for (const ix of indexes) await db.execute(sql.raw(ix.def));
    lap(`${indexes.length} indexes on posts and comments`);

    // The lists' page chunks and totals, built from the loaded posts as migration 0007 does
    // (the rows above bypassed the write path that keeps them), and the search slices the
    // posts' tokens were given above (added to those of the first start's posts).
    await rebuildPageChunks(db);
    await db.execute(sql`
      insert into board_search_slices (board_id, lo_key, posts, max_key)
      select board_id, lo, count(*)::int, max(key) from (select board_id, key, ${sliceLo(sql`(key - ${base}::int)`)} as lo from posts where key > ${base}::int) x
      group by board_id, lo
      on conflict (board_id, lo_key) do update set posts = board_search_slices.posts + excluded.posts, max_key = greatest(board_search_slices.max_key, excluded.max_key)`);
    lap('page chunks and search slices');

    await db.execute(sql`drop table bench_subjects, bench_bodies, bench_comments, bench_boards, bench_nicks`);
    // Statistics and the visibility map (index-only scans), as autovacuum leaves them on a live server.
    await db.execute(sql`vacuum analyze`);
    lap('vacuum analyze');

    await verify(db);
    return { ...member, boardIds: boardRows.map((b) => b.id), seconds };
  } finally {
    await database.close();
  }
}

/** Ten comment counts whose mean is `perPost` (0.5 steps are enough for the bench's ratios). */
function commentPattern(perPost: number): number[] {
  const total = Math.round(perPost * 10);
  // Most posts get few comments, some get many: 0,0,0,0,1,1,1,2,2,3 for a mean of 1.
  const base = [0, 0, 0, 0, 1, 1, 1, 2, 2, 3];
  const scale = total / 10;
  const out = base.map((c) => Math.floor(c * scale));
  let left = total - out.reduce((a, b) => a + b, 0);
  for (let i = out.length - 1; left > 0; i = (i + out.length - 1) % out.length, left--) out[i]! += 1;
  return out;
}

/** The seeded rows agree with the app: search columns as searchColumns builds them, counts as the comments. */
async function verify(db: Database['db']) {
  const sample = rowsOf<{ key: string | number; board_id: string; subject: string; content: string; nick_name: string; search_text: string; search_bigrams: string[] }>(
    await db.execute(sql`select key, board_id, subject, content, nick_name, search_text, search_bigrams from posts where key % 99991 = 7 limit 12`),
  );
  for (const p of sample) {
    const want = searchColumns(await postSlice(db, p.board_id, Number(p.key), false), p.subject, plainText(p.content), p.nick_name);
    const got = [...p.search_bigrams].sort();
    if (p.search_text !== want.searchText || JSON.stringify(got) !== JSON.stringify([...want.searchBigrams].sort())) {
      throw new Error(`search columns differ from searchColumns() for "${p.subject}"`);
    }
  }
  const [c] = rowsOf<{ bad: number }>(
    await db.execute(sql`select count(*)::int as bad from (select p.key from posts p left join comments c on c.post_key = p.key
      where p.key % 997 = 1 group by p.key, p.comment_count having count(c.key) <> p.comment_count) x`),
  );
  if (c!.bad) throw new Error(`${c!.bad} sampled posts have a comment_count that differs from their comments`);
  const [t] = rowsOf<{ bad: number }>(
    await db.execute(sql`select count(*)::int as bad from
      (select board_id, 'c0' as scope, count(*) as n from posts where deleted_at is null group by board_id
       union all select board_id, category, count(*) from posts where deleted_at is null group by board_id, category) p
      full join (select board_id, scope, sum(live_count) as n from board_page_chunks group by board_id, scope) c using (board_id, scope)
      where p.n is distinct from c.n`),
  );
  if (t!.bad) throw new Error(`${t!.bad} board lists have page chunks whose counts differ from their posts`);
}

// `tsx bench/seed-boards.ts [posts] [comments] [members]` seeds the database of DATABASE_URL (or
// DATA_DIR's PGlite) of the current environment; the database must be empty.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [posts, comments, members] = process.argv.slice(2).map((a) => Number(a.replace(/_/g, '')));
  const size = { posts: posts || FULL_SIZE.posts, comments: comments ?? posts ?? FULL_SIZE.comments, members: members || FULL_SIZE.members };
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  const started = performance.now();
  seedBoards(env, size)
    .then((r) => console.log(`seeded in ${Math.round((performance.now() - started) / 1000)} s`, r))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
