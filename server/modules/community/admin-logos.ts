// Logos in the admin area: the header logo and the second logo beside it, each a picture that
// came through the file pipeline (kept and public while a logo holds it: files/service.ts), with
// a tooltip name, a year label, an optional date range and an on/off switch.
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { AdminLogo, AdminLogoSave } from '../../../common/api/admin-setup.js';
import { formatDate } from '../../../common/format.js';
import type { Db, Tx } from '../../db/client.js';
import { files, logos } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';

import { logoForDay, scheduled } from './service.js';
import { fileUrl } from '../../../common/content/urls.js';

const MSG = {
  noLogo: '로고를 찾을 수 없습니다.',
  badFile: '로고 그림을 다시 올려 주세요. 올린 그림 파일만 로고로 쓸 수 있습니다.',
} as const;

type LogoRow = typeof logos.$inferSelect;

const auditFields = (l: LogoRow) => ({
  kind: l.kind,
  name: l.name,
  year: l.year,
  image: l.image,
  imageUrl: l.imageUrl,
  fileKey: l.fileKey,
  active: l.active,
  startsOn: l.startsOn,
  endsOn: l.endsOn,
});

/** Every logo, newest first, with whether the header shows it today. */
export async function listLogos(db: Db, now = new Date()): Promise<{ items: AdminLogo[] }> {
  const rows = await db.select().from(logos).orderBy(desc(logos.id));
  const day = formatDate(now);
  const showing = new Set(
    (['main', 'second'] as const).map((k) => logoForDay(rows.filter((l) => l.kind === k), day)?.id).filter((id) => id !== undefined),
  );
  return { items: rows.map((l) => ({ ...auditFields(l), id: l.id, showing: showing.has(l.id), createdAt: l.createdAt.toISOString() })) };
}

async function lockedLogo(tx: Tx, id: number): Promise<LogoRow> {
  const [row] = await tx.select().from(logos).where(eq(logos.id, id)).for('update');
  if (!row) throw notFound(MSG.noLogo);
  return row;
}

/** An uploaded picture the admin may make a logo: an image of their own upload, free, or this logo's. */
async function logoImage(tx: Tx, admin: Member, fileKey: string, current: LogoRow | null): Promise<string> {
  if (current?.fileKey === fileKey) return current.image;
  const [f] = await tx.select().from(files).where(eq(files.key, fileKey)).for('update');
  const free = f && f.image && f.postKey === null && f.productId === null && f.userNo === admin.no;
  if (!free) throw badRequest(MSG.badFile, 'logo_file');
  const [taken] = await tx.select({ id: logos.id }).from(logos).where(eq(logos.fileKey, fileKey)).limit(1);
  if (taken) throw badRequest(MSG.badFile, 'logo_file');
  return fileUrl(f.key, f.name);
}

/**
 * One active logo without dates per kind: turning one on turns the others of its kind off.
 * Scheduled logos may be on together; each shows only on its dates (logoForDay).
 */
async function keepOneActive(tx: Tx, row: LogoRow) {
  if (!row.active || scheduled(row)) return;
  await tx
    .update(logos)
    .set({ active: false })
    .where(and(eq(logos.kind, row.kind), eq(logos.active, true), ne(logos.id, row.id), isNull(logos.startsOn), isNull(logos.endsOn)));
}

export async function saveLogo(db: Db, admin: Member, input: AdminLogoSave): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const current = input.id === undefined ? null : await lockedLogo(tx, input.id);
    const fileKey = input.fileKey || current?.fileKey || null;
    const image = fileKey ? await logoImage(tx, admin, fileKey, current) : current!.image;
    const fields = {
      kind: input.kind,
      name: input.name,
      year: input.year,
      imageUrl: input.imageUrl,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      image,
      fileKey,
    };
    const [saved] = current
      ? await tx.update(logos).set(fields).where(eq(logos.id, current.id)).returning()
      : await tx.insert(logos).values({ ...fields, active: false }).returning();
    await keepOneActive(tx, saved!);
    await audit(tx, admin, {
      action: 'logo.save',
      targetKind: 'logo',
      targetKey: saved!.id,
      before: current ? auditFields(current) : null,
      after: auditFields(saved!),
    });
    return { id: saved!.id };
  });
}

export async function deleteLogo(db: Db, admin: Member, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedLogo(tx, id);
    await tx.delete(logos).where(eq(logos.id, id));
    // The picture is no longer held: the files clean-up removes it like any unattached upload.
    await audit(tx, admin, { action: 'logo.delete', targetKind: 'logo', targetKey: id, before: auditFields(current), after: null });
  });
}

export async function activateLogo(db: Db, admin: Member, id: number, active: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockedLogo(tx, id);
    const [saved] = await tx.update(logos).set({ active }).where(eq(logos.id, id)).returning();
    await keepOneActive(tx, saved!);
    await audit(tx, admin, {
      action: active ? 'logo.activate' : 'logo.deactivate',
      targetKind: 'logo',
      targetKey: id,
      before: { active: current.active },
      after: { active },
    });
  });
}
