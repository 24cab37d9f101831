// Unmatched EXIF names (decision 52): uploads list the body and lens names no product matched;
// an admin gives one to a product (earlier photos then count as taken with it) or ignores it.
// Only administrators may call; bad input changes nothing; the clean-up takes abandoned uploads off.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, exifUnmatched, files, products } from '../../db/schema/index.js';
import { createStorage } from '../../lib/storage.js';
import { adminCookie, createPost, member } from '../../test/boards.js';
import { upload } from '../../test/gallery.js';
import { post, testApp, type TestApp } from '../../test/harness.js';
import { cleanupUnattached } from '../files/service.js';
import { productsChanged } from './product-index.js';
import { productSearchText } from './search-text.js';

let t: TestApp;
let admin: string;
let writer: Awaited<ReturnType<typeof member>>;
beforeAll(async () => {
  t = await testApp({ RATE_LIMIT: 'false' });
  admin = await adminCookie(t);
  writer = await member(t);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const call = (url: string, body: object, cookie?: string) => post(t, `/api/admin/product/${url}`, body, cookie);
let serial = 0;
/** Letters only: a digit after an "f" would read as an aperture in a lens name. */
const tagOf = () => `${Date.now().toString(36).slice(-4)}${String(++serial).padStart(3, '0')}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

/** A JPEG whose EXIF names a body (Make, Model) and a lens (LensMake, LensModel) no catalogue product is. */
const photo = (exif: { make?: string; model?: string; lensMake?: string; lens?: string }) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#557733' } })
    .jpeg()
    .withExif({
      IFD0: { ...(exif.make && { Make: exif.make }), ...(exif.model && { Model: exif.model }) },
      IFD2: { ...(exif.lensMake && { LensMake: exif.lensMake }), ...(exif.lens && { LensModel: exif.lens }), FocalLength: '50/1' },
    })
    .toBuffer();

/** Uploads photos carrying a fresh body and lens name; attached to a post unless `attach` is false. */
async function shots(tag: string, count: number, attach = true) {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(await upload(t, writer.cookie, await photo({ make: 'Testmaker', model: `TM-${tag}`, lensMake: 'Testmaker', lens: `Testlens ${tag} 50mm F1.4` })));
  const postKey = attach ? await createPost(t, writer.cookie, { content: keys.map((_, i) => `<p><img src="file${i}"></p>`).join(''), files: keys }) : null;
  return { keys, postKey };
}

const bodyName = (tag: string) => `Testmaker TM-${tag}`;
const lensName = (tag: string) => `Testmaker Testlens ${tag} 50mm F1.4`;
const rowOf = async (kind: 'body' | 'lens', name: string) => (await db().select().from(exifUnmatched).where(and(eq(exifUnmatched.kind, kind), eq(exifUnmatched.name, name))))[0];

async function addProduct(type: 'body' | 'lens', name: string) {
  const p = { type, company: 'other', brand: 'Testmaker', name };
  const key = `exif-${type}-${tagOf()}`;
  const [row] = await db()
    .insert(products)
    .values({ ...p, key, source: 'admin', searchText: productSearchText(p) })
    .returning();
  productsChanged(db());
  return row!;
}

const list = async (body: object) => {
  const res = await call('exif-unmatched', body, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: Array<Record<string, unknown> & { id: number; name: string }>; total: number; page: number; pageSize: number };
};

describe('who may call', () => {
  const calls: Array<[string, object]> = [
    ['exif-unmatched', {}],
    ['exif-assign', { id: 1, productKey: 'x' }],
    ['exif-ignore', { id: 1, ignored: true }],
  ];
  it.each(calls)('%s: visitors get 401, members 403, and nothing changes', async (url, body) => {
    const tag = tagOf();
    await shots(tag, 1);
    const before = (await rowOf('body', bodyName(tag)))!;
    const target = url === 'exif-unmatched' ? body : { ...body, id: before.id };
    expect((await call(url, target)).statusCode).toBe(401);
    const m = await call(url, target, writer.cookie);
    expect(m.statusCode).toBe(403);
    expect(m.json()).toEqual({ message: '관리자만 사용할 수 있습니다.' });
    expect(await rowOf('body', bodyName(tag))).toEqual(before);
  });
});

describe('uploads list the names no product matched', () => {
  it('counts each body and lens name, newest first, with an example the admin may open', async () => {
    const older = tagOf();
    await shots(older, 1);
    const tag = tagOf();
    const { keys, postKey } = await shots(tag, 2);

    const body = (await rowOf('body', bodyName(tag)))!;
    expect(body).toMatchObject({ photos: 2, ignored: false, make: 'Testmaker', model: `TM-${tag}` });
    expect(await rowOf('lens', lensName(tag))).toMatchObject({ photos: 2, make: 'Testmaker', model: `Testlens ${tag} 50mm F1.4` });

    const page = await list({ search: tag });
    expect(page).toMatchObject({ page: 1, pageSize: 50, total: 2 });
    const bodyItem = page.items.find((i) => i.kind === 'body')!;
    expect(bodyItem).toMatchObject({ id: body.id, name: bodyName(tag), photos: 2, ignored: false, example: { boardId: 'free', postKey } });
    expect(keys).toContain((bodyItem.example as { fileKey: string }).fileKey);
    // The example's thumbnail opens for the admin.
    const thumb = await t.app.inject({ method: 'GET', url: (bodyItem.example as { thumbUrl: string }).thumbUrl, headers: { cookie: admin } });
    expect(thumb.statusCode).toBe(200);

    // Newest first: the later name comes before the earlier one; the kind filter keeps one kind.
    const all = (await list({ search: 'Testmaker' })).items.map((i) => i.name);
    expect(all.indexOf(bodyName(tag))).toBeLessThan(all.indexOf(bodyName(older)));
    const lenses = await list({ search: `testlens ${tag}`, kind: 'lens' });
    expect(lenses.items.map((i) => i.name)).toEqual([lensName(tag)]);
  });

  it('leaves out matched names and lens texts that name nothing', async () => {
    const tag = tagOf();
    const product = await addProduct('body', `Known ${tag}`);
    await db()
      .update(products)
      .set({ exifNames: [`KN-${tag}`] })
      .where(eq(products.id, product.id));
    productsChanged(db());
    const key = await upload(t, writer.cookie, await photo({ make: 'Testmaker', model: `KN-${tag}`, lens: '----' }));
    const [row] = await db().select().from(files).where(eq(files.key, key));
    expect(row!.cameraProductId).toBe(product.id);
    expect(await rowOf('body', `Testmaker KN-${tag}`)).toBeUndefined();
    expect(await rowOf('lens', '----')).toBeUndefined();
  });
});

describe('/api/admin/product/exif-assign', () => {
  it('puts the name into the product and matches the earlier photos: they count as taken with it', async () => {
    const tag = tagOf();
    const { keys } = await shots(tag, 3);
    const body = await addProduct('body', `Body ${tag}`);
    const lens = await addProduct('lens', `Other ${tag} 50mm F1.4`);
    const bodyRow = (await rowOf('body', bodyName(tag)))!;
    const lensRow = (await rowOf('lens', lensName(tag)))!;
    const view = async (productKey: string) => (await post(t, '/api/product/view', { productKey })).json().attached.photoCount as number;
    expect(await view(body.key)).toBe(0);

    const res = await call('exif-assign', { id: bodyRow.id, productKey: body.key }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ productKey: body.key, productName: `Testmaker Body ${tag}`, photos: 3 });
    const matched = await db().select({ key: files.key, camera: files.cameraProductId, lens: files.lensProductId }).from(files).where(inArray(files.key, keys));
    expect(matched.map((f) => f.camera)).toEqual([body.id, body.id, body.id]);
    expect(matched.map((f) => f.lens)).toEqual([null, null, null]);
    expect(await view(body.key)).toBe(3);
    // The raw Model joined the EXIF names; the name left the list; the audit says who did what.
    const [after] = await db().select().from(products).where(eq(products.id, body.id));
    expect(after!.exifNames).toEqual([`TM-${tag}`]);
    expect(await rowOf('body', bodyName(tag))).toBeUndefined();
    const [a] = await db().select().from(adminAudit).where(eq(adminAudit.targetKey, body.key)).orderBy(desc(adminAudit.id)).limit(1);
    expect(a).toMatchObject({ action: 'product.exifAssign', targetKind: 'product', before: { exifNames: [] }, after: { exifNames: [`TM-${tag}`], kind: 'body', name: bodyName(tag) } });

    // The lens name the same way.
    const lensRes = await call('exif-assign', { id: lensRow.id, productKey: lens.key }, admin);
    expect(lensRes.json()).toMatchObject({ photos: 3 });
    expect(await view(lens.key)).toBe(3);

    // A later upload carrying the names matches at once and lists nothing again.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      payload: await (async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(await photo({ make: 'Testmaker', model: `TM-${tag}`, lensMake: 'Testmaker', lens: `Testlens ${tag} 50mm F1.4` }))], { type: 'image/jpeg' }), 'next.jpg');
        return form;
      })(),
      headers: { cookie: writer.cookie },
    });
    expect(next.json()).toMatchObject({ cameraProduct: { key: body.key }, lensProduct: { key: lens.key } });
    expect(await rowOf('body', bodyName(tag))).toBeUndefined();
    expect(await rowOf('lens', lensName(tag))).toBeUndefined();
  });

  it('refuses a product of the other kind, a merged product, an unknown product or name, and a wrong type; nothing changes', async () => {
    const tag = tagOf();
    const { keys } = await shots(tag, 1);
    const lens = await addProduct('lens', `Wrong ${tag} 35mm F2`);
    const body = await addProduct('body', `Merged ${tag}`);
    const into = await addProduct('body', `Kept ${tag}`);
    await db().update(products).set({ mergedInto: into.id, hidden: true }).where(eq(products.id, body.id));
    const row = (await rowOf('body', bodyName(tag)))!;
    const refused = async (payload: object, status: number, message: string) => {
      const res = await call('exif-assign', payload, admin);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused({ id: row.id, productKey: lens.key }, 400, '카메라 이름은 카메라 제품에만 넣을 수 있습니다.');
    await refused({ id: row.id, productKey: body.key }, 400, '다른 제품으로 합쳐진 제품입니다. 합쳐진 제품을 골라 주세요.');
    await refused({ id: row.id, productKey: 'no-such-product' }, 404, '제품을 찾을 수 없습니다.');
    await refused({ id: 2_000_000_000, productKey: into.key }, 404, 'EXIF 이름을 찾을 수 없습니다.');
    await refused({ id: String(row.id), productKey: into.key }, 400, 'EXIF 이름을 찾을 수 없습니다.');
    await refused({ id: row.id }, 400, '제품을 찾을 수 없습니다.');
    expect(await rowOf('body', bodyName(tag))).toEqual(row);
    const [photoRow] = await db().select().from(files).where(eq(files.key, keys[0]!));
    expect(photoRow!.cameraProductId).toBeNull();
    const [lensAfter] = await db().select().from(products).where(eq(products.id, lens.id));
    expect(lensAfter!.exifNames).toEqual([]);
  });
});

describe('/api/admin/product/exif-ignore', () => {
  it('hides an ignored name from the default list, shows it under the ignored view, and brings it back', async () => {
    const tag = tagOf();
    await shots(tag, 1);
    const row = (await rowOf('lens', lensName(tag)))!;
    const res = await call('exif-ignore', { id: row.id, ignored: true }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((await list({ search: tag })).items.map((i) => i.name)).toEqual([bodyName(tag)]);
    expect((await list({ search: tag, ignored: true })).items).toEqual([expect.objectContaining({ id: row.id, name: lensName(tag), ignored: true })]);
    const [a] = await db().select().from(adminAudit).where(eq(adminAudit.targetKind, 'exifName')).orderBy(desc(adminAudit.id)).limit(1);
    expect(a).toMatchObject({ action: 'product.exifIgnore', targetKey: lensName(tag), before: { ignored: false }, after: { ignored: true } });

    // Later uploads keep counting it, still ignored.
    await shots(tag, 1);
    expect(await rowOf('lens', lensName(tag))).toMatchObject({ photos: 2, ignored: true });

    expect((await call('exif-ignore', { id: row.id, ignored: false }, admin)).statusCode).toBe(200);
    expect((await list({ search: tag })).total).toBe(2);
  });

  it('refuses a missing name and values of the wrong type', async () => {
    const tag = tagOf();
    await shots(tag, 1);
    const row = (await rowOf('body', bodyName(tag)))!;
    const bad: Array<[object, number, string]> = [
      [{ id: row.id, ignored: 'true' }, 400, '무시 여부는 true나 false로 보내 주세요.'],
      [{ id: row.id }, 400, '무시 여부는 true나 false로 보내 주세요.'],
      [{ id: 0, ignored: true }, 400, 'EXIF 이름을 찾을 수 없습니다.'],
      [{ id: 2_000_000_000, ignored: true }, 404, 'EXIF 이름을 찾을 수 없습니다.'],
    ];
    for (const [body, status, message] of bad) {
      const res = await call('exif-ignore', body, admin);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await rowOf('body', bodyName(tag))).toEqual(row);
    // The list's own fields.
    for (const [body, message] of [
      [{ kind: 'flash' }, '카메라인지 렌즈인지 골라 주세요.'],
      [{ ignored: 'false' }, '무시 여부는 true나 false로 보내 주세요.'],
      [{ page: 0 }, '페이지 번호를 확인해 주세요.'],
    ] as const) {
      const res = await call('exif-unmatched', body, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('the clean-up of unattached uploads', () => {
  it('takes abandoned uploads off the count; a name left with none goes unless it is ignored', async () => {
    const tag = tagOf();
    await shots(tag, 1);
    const { keys } = await shots(tag, 1, false);
    const gone = tagOf();
    const { keys: goneKeys } = await shots(gone, 1, false);
    const ignoredLens = (await rowOf('lens', lensName(gone)))!;
    await call('exif-ignore', { id: ignoredLens.id, ignored: true }, admin);
    expect(await rowOf('body', bodyName(tag))).toMatchObject({ photos: 2 });
    await db()
      .update(files)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(files.key, [...keys, ...goneKeys]));

    expect(await cleanupUnattached(db(), createStorage(t.app.ctx.config))).toBeGreaterThanOrEqual(2);
    expect(await rowOf('body', bodyName(tag))).toMatchObject({ photos: 1 });
    expect(await rowOf('body', bodyName(gone))).toBeUndefined();
    expect(await rowOf('lens', lensName(gone))).toMatchObject({ photos: 0, ignored: true });
  });
});
