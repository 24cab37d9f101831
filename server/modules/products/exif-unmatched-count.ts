// The unmatched EXIF names' counts (decision 52): an upload whose body or lens matched no product
// adds to its name's row in exif_unmatched; the clean-up of unattached uploads takes them off.
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { exifUnmatched } from '../../db/schema/index.js';
import { NO_LENS } from './exif-match.js';

export type ExifKind = 'body' | 'lens';

export interface UploadNames {
  /** The EXIF summary as stored on the photo. */
  summary: { camera: string | null; lens: string | null } | null;
  /** The raw names matching read. */
  raw: { make: string | null; model: string | null; lensMake: string | null; lens: string | null } | null;
  cameraProductId: number | null;
  lensProductId: number | null;
}

/** The names of an upload that matched nothing: a body needs a Model, a lens a LensModel that names a lens. */
function unmatchedOf(u: UploadNames): Array<{ kind: ExifKind; name: string; make: string | null; model: string }> {
  const out: Array<{ kind: ExifKind; name: string; make: string | null; model: string }> = [];
  const { summary, raw } = u;
  if (!summary || !raw) return out;
  if (u.cameraProductId === null && summary.camera && raw.model) out.push({ kind: 'body', name: summary.camera, make: raw.make, model: raw.model });
  if (u.lensProductId === null && summary.lens && raw.lens && !NO_LENS.test(raw.lens.trim()))
    out.push({ kind: 'lens', name: summary.lens, make: raw.lensMake, model: raw.lens });
  return out;
}

/** After an upload is saved: its unmatched names are counted (one upsert). Never fails the upload. */
export async function noteUnmatched(db: Db, upload: UploadNames, at: Date): Promise<void> {
  const rows = unmatchedOf(upload);
  if (rows.length === 0) return;
  try {
    await db
      .insert(exifUnmatched)
      .values(rows.map((r) => ({ ...r, photos: 1, lastSeenAt: at, createdAt: at })))
      .onConflictDoUpdate({
        target: [exifUnmatched.kind, exifUnmatched.name],
        set: {
          photos: sql`${exifUnmatched.photos} + 1`,
          lastSeenAt: sql`greatest(${exifUnmatched.lastSeenAt}, excluded.last_seen_at)`,
          make: sql`excluded.make`,
          model: sql`excluded.model`,
        },
      });
  } catch {
    // The list is a help for administrators; an upload never fails for it.
  }
}

/**
 * Uploads removed unattached no longer count. A name left with no photo goes, unless an
 * administrator ignored it (it stays ignored for the next upload carrying it).
 */
export async function forgetUnmatched(
  tx: Tx,
  removed: Array<{ exif: unknown; cameraProductId: number | null; lensProductId: number | null }>,
): Promise<void> {
  const counts = new Map<string, { kind: ExifKind; name: string; n: number }>();
  for (const f of removed) {
    const exif = (f.exif ?? null) as { camera?: string | null; lens?: string | null } | null;
    if (!exif) continue;
    const seen: Array<[ExifKind, string | null | undefined, number | null]> = [
      ['body', exif.camera, f.cameraProductId],
      ['lens', exif.lens, f.lensProductId],
    ];
    for (const [kind, name, productId] of seen) {
      if (!name || productId !== null) continue;
      const key = `${kind}\n${name}`;
      const c = counts.get(key);
      if (c) c.n++;
      else counts.set(key, { kind, name, n: 1 });
    }
  }
  // In one order (bodies first, then by name), as uploads take them: two writers never wait on each other crosswise.
  const order = [...counts.values()].sort((x, y) => (x.kind === y.kind ? (x.name < y.name ? -1 : 1) : x.kind === 'body' ? -1 : 1));
  for (const { kind, name, n } of order) {
    const named = and(eq(exifUnmatched.kind, kind), eq(exifUnmatched.name, name));
    await tx
      .update(exifUnmatched)
      .set({ photos: sql`greatest(${exifUnmatched.photos} - ${n}, 0)` })
      .where(named);
    await tx.delete(exifUnmatched).where(and(named, eq(exifUnmatched.photos, 0), eq(exifUnmatched.ignored, false)));
  }
}
