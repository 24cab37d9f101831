// On an empty database: the administrator and a working default community, in one transaction.
// On every start: data a migration could not compute in SQL (nickname look-alike keys).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { adminPasswordBanner } from '../lib/logging.js';
import type { Sealer } from '../lib/secret.js';
import { loadCatalogue } from '../modules/products/catalogue.js';
import { backfillNickSkeletons } from '../modules/users/nick-names.js';
import { issueSetupLink, setupLinkUrl } from '../modules/two-step/setup-link.js';
import { countMembers, createMember } from '../modules/users/service.js';
import type { Db } from './client.js';
import {
  DEFAULT_BOARDS,
  DEFAULT_LEVELS,
  DEFAULT_LOGO,
  DEFAULT_MENU,
  DEFAULT_POSTS,
  DEFAULT_PROGRAMS,
} from './default-content.js';
import { htmlToPlainText } from '../../common/content/plain-text.js';
import { rebuildPageChunks } from '../modules/posts/page-chunks.js';
import { rebuildSearchSlices } from '../modules/posts/search-slices.js';
import { searchColumns } from '../modules/posts/search.js';
import { CommunitySettings } from '../modules/community/settings.js';
import { boardCategories, boards, levels, logos, menus, posts, programs, settings } from './schema/index.js';

export async function firstStart(db: Db, config: Config, sealer: Sealer, log: Pick<FastifyBaseLogger, 'info' | 'warn'>) {
  await db.transaction(async (tx) => {
    // Several nodes may start at once: one of them seeds, the others wait and see members.
    await tx.execute(sql`select pg_advisory_xact_lock(7261001)`);
    // Every start: members from before the look-alike key get theirs (migration 0004).
    const filled = await backfillNickSkeletons(tx);
    if (filled > 0) log.info(`닉네임 비교 키를 ${filled}명에게 채웠습니다.`);
    // Every start: an install that never had the product catalogue gets it (new or upgraded).
    const catalogue = await loadCatalogue(tx);
    if (catalogue) log.info(`제품 카탈로그를 불러왔습니다: ${catalogue.added}개 추가`);
    if ((await countMembers(tx)) > 0) return;

    await tx.insert(levels).values(DEFAULT_LEVELS);
    await tx
      .insert(settings)
      .values({ key: 'community', value: CommunitySettings.parse({ emoticons: 'smile/웃음,wink/윙크,thumb/최고,camera/찰칵' }) });

    const password = config.adminPassword ?? randomBytes(9).toString('base64url');
    const adminNo = await createMember(tx, sealer, {
      userId: config.adminUserId,
      password,
      nickName: '운영자',
      email: `${config.adminUserId}@localhost.localdomain`,
      question: '처음 설치한 해는?',
      answer: String(new Date().getFullYear()),
      admin: true,
    });
    // Administrators need a second step (decision 42): a one-time link that signs the
    // administrator in and leads to its set-up (and to their own password when the site made
    // one), printed with the first password, so a new site is never locked out (decision 49).
    const token = await issueSetupLink(tx, adminNo, { setPassword: !config.adminPassword });
    const setupUrl = setupLinkUrl(config.publicOrigin ?? `http://localhost:${config.port}`, token);
    if (!config.adminPassword && config.logFormat === 'pretty') {
      // In a terminal the password stands out in a frame; the log keeps only the id.
      process.stdout.write(adminPasswordBanner(config.adminUserId, password, setupUrl));
      log.info(`관리자 계정을 만들었습니다. 아이디: ${config.adminUserId} (임시 암호는 상자에 따로 표시했습니다)`);
    } else if (!config.adminPassword) {
      log.warn(
        `관리자 계정을 만들었습니다. 아이디: ${config.adminUserId}  임시 암호: ${password}  (로그인 후 바로 바꾸세요. 이 암호는 다시 표시되지 않습니다.)`,
      );
    } else {
      log.info(`관리자 계정을 만들었습니다. 아이디: ${config.adminUserId}`);
    }
    if (config.adminPassword || config.logFormat !== 'pretty') {
      // In a terminal the frame above shows the link; the log line of a JSON log carries it here.
      log.info(`관리자 기능은 2단계 인증을 마친 로그인에서만 쓸 수 있습니다. 한 번만 쓸 수 있는 설정 링크(24시간): ${setupUrl}`);
    }

    await tx.insert(programs).values(DEFAULT_PROGRAMS);
    let sort = 0;
    for (const group of DEFAULT_MENU) {
      await tx.insert(menus).values({ sort: ++sort, groupYn: 'Y', label: group.group, icon: group.icon });
      for (const item of group.items) {
        await tx.insert(menus).values({ sort: ++sort, groupYn: 'N', programId: item.program, shortKey: item.shortKey, icon: item.icon });
      }
    }

    for (const b of DEFAULT_BOARDS) {
      await tx.insert(boards).values({
        id: b.id,
        name: b.name,
        description: b.description,
        sort: b.sort,
        adminOnly: b.adminOnly,
      });
      await tx
        .insert(boardCategories)
        .values(b.categories.map((name, i) => ({ boardId: b.id, code: `c${i + 1}`, name, sort: i + 1 })));
    }
    await tx.insert(posts).values(
      DEFAULT_POSTS.map((p) => ({
        ...p,
        category: 'c1',
        userNo: adminNo,
        nickName: '운영자',
        // Without a slice: rebuildSearchSlices below prefixes the tokens.
        ...searchColumns('', p.subject, htmlToPlainText(p.content), '운영자'),
      })),
    );
    await tx.execute(sql`select setval(pg_get_serial_sequence('posts', 'key'), (select max(key) from posts))`);
    // The lists' page chunks and totals, and the search slices (the posts above did not go
    // through the write path).
    await rebuildPageChunks(tx);
    await rebuildSearchSlices(tx);
    await tx.insert(logos).values(DEFAULT_LOGO);
  });
}
