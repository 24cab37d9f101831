// Admin product map: rules (title pattern → product) listed, saved, deleted, and tried on the
// titles that already exist. The pattern language is in map-pattern.ts.
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductMapListQuery, ProductMapPage, ProductMapSave, ProductMapTestResult } from '../../../common/api/products.js';
import type { Db } from '../../db/client.js';
import { posts, productMaps, products } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { compileMapPattern, parseMapPattern } from './map-pattern.js';
import { MARKET_BOARD } from '../posts/kinds.js';

export const MAP_PAGE_SIZE = 50;
/** A test looks at this many of the latest titles, so it answers quickly on any site. */
export const MAP_TEST_SCAN = 5000;
/** A test lists at most this many of the titles it caught (total counts them all). */
export const MAP_TEST_SHOW = 50;

export const MAP_MSG = {
  noRule: '규칙을 찾을 수 없습니다.',
  noProduct: '제품을 찾을 수 없습니다.',
  mergedProduct: '다른 제품으로 합쳐진 제품에는 규칙을 걸 수 없습니다. 합쳐진 제품을 골라 주세요.',
  duplicate: '같은 규칙이 이미 있습니다.',
} as const;

type MapRow = typeof productMaps.$inferSelect;

const auditFields = (r: MapRow, productKey: string) => ({ pattern: r.pattern, productKey, note: r.note });

/** Words of a search, each a substring (case-insensitive) of the pattern, note or product name. */
function mapSearch(search: string | undefined) {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((w) => {
      const like = `%${w.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
      return or(
        ilike(productMaps.pattern, like),
        ilike(productMaps.note, like),
        ilike(products.brand, like),
        ilike(products.name, like),
        ilike(products.key, like),
      );
    }),
  );
}

/** Rules, newest first, 50 a page. */
export async function listMaps(db: Db, q: z.output<typeof ProductMapListQuery>): Promise<z.output<typeof ProductMapPage>> {
  const where = mapSearch(q.search);
  const [rows, [count]] = await Promise.all([
    db
      .select({ map: productMaps, productKey: products.key, brand: products.brand, name: products.name })
      .from(productMaps)
      .innerJoin(products, eq(products.id, productMaps.productId))
      .where(where)
      .orderBy(desc(productMaps.id))
      .limit(MAP_PAGE_SIZE)
      .offset((q.page - 1) * MAP_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(productMaps)
      .innerJoin(products, eq(products.id, productMaps.productId))
      .where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.map.id,
      pattern: r.map.pattern,
      productKey: r.productKey,
      productName: `${r.brand} ${r.name}`,
      note: r.map.note,
      updatedAt: r.map.updatedAt.toISOString(),
    })),
    page: q.page,
    pageSize: MAP_PAGE_SIZE,
    total: Number(count?.n ?? 0),
  };
}

/** Creates (no id) or edits a rule; the pattern must parse and name something new. */
export async function saveMap(db: Db, admin: Member, input: z.output<typeof ProductMapSave>): Promise<{ id: number }> {
  const parsed = parseMapPattern(input.pattern);
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id, key: products.key, mergedInto: products.mergedInto }).from(products).where(eq(products.key, input.productKey));
    if (!product) throw notFound(MAP_MSG.noProduct);
    if (product.mergedInto !== null) throw badRequest(MAP_MSG.mergedProduct);

    // Serialises rule writes so two admins cannot add the same rule at once.
    await tx.execute(sql`select pg_advisory_xact_lock(7261102)`);
    const others = await tx.select({ id: productMaps.id, pattern: productMaps.pattern }).from(productMaps);
    const same = others.find((o) => o.id !== input.id && safeCanonical(o.pattern) === parsed.canonical);
    if (same) throw conflict(MAP_MSG.duplicate, 'duplicate_rule');

    const values = { pattern: input.pattern, productId: product.id, note: input.note };
    if (input.id === undefined) {
      const [row] = await tx
        .insert(productMaps)
        .values({ ...values, createdBy: admin.no })
        .returning();
      await audit(tx, admin, { action: 'productMap.save', targetKind: 'productMap', targetKey: row!.id, before: null, after: auditFields(row!, product.key) });
      return { id: row!.id };
    }
    const [before] = await tx
      .select({ map: productMaps, productKey: products.key })
      .from(productMaps)
      .innerJoin(products, eq(products.id, productMaps.productId))
      .where(eq(productMaps.id, input.id))
      .for('update', { of: productMaps });
    if (!before) throw notFound(MAP_MSG.noRule);
    const [after] = await tx
      .update(productMaps)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(productMaps.id, input.id))
      .returning();
    await audit(tx, admin, {
      action: 'productMap.save',
      targetKind: 'productMap',
      targetKey: input.id,
      before: auditFields(before.map, before.productKey),
      after: auditFields(after!, product.key),
    });
    return { id: input.id };
  });
}

function safeCanonical(pattern: string): string | null {
  try {
    return parseMapPattern(pattern).canonical;
  } catch {
    return null;
  }
}

export async function deleteMap(db: Db, admin: Member, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ map: productMaps, productKey: products.key })
      .from(productMaps)
      .innerJoin(products, eq(products.id, productMaps.productId))
      .where(eq(productMaps.id, id))
      .for('update', { of: productMaps });
    if (!before) throw notFound(MAP_MSG.noRule);
    await tx.delete(productMaps).where(eq(productMaps.id, id));
    await audit(tx, admin, { action: 'productMap.delete', targetKind: 'productMap', targetKey: id, before: auditFields(before.map, before.productKey), after: null });
  });
}

/**
 * The existing titles a pattern would catch: the latest 5,000 posts that are not deleted, newest
 * first, market items among them. Lists the first 50 and counts all it caught.
 */
export async function testMap(db: Db, pattern: string): Promise<z.output<typeof ProductMapTestResult>> {
  const matcher = compileMapPattern(pattern);
  const titles = await db
    .select({ key: posts.key, boardId: posts.boardId, subject: posts.subject })
    .from(posts)
    .where(isNull(posts.deletedAt))
    .orderBy(desc(posts.key))
    .limit(MAP_TEST_SCAN);
  const caught = titles.filter((t) => matcher.test(t.subject));
  return {
    // Market items are the market board's posts: listed as items, opening their own page.
    items: caught.slice(0, MAP_TEST_SHOW).map((t) =>
      t.boardId === MARKET_BOARD
        ? { kind: 'market' as const, key: t.key, title: t.subject, url: `/market/view/${t.key}` }
        : { kind: 'post' as const, key: t.key, title: t.subject, url: `/board/${t.boardId}/view/${t.key}` },
    ),
    total: caught.length,
    scanned: titles.length,
  };
}
