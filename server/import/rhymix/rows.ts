// Reading Rhymix's rows: its dates, statuses, files and grants as the shared records want them.
// Facts from Rhymix's own source (modules/*/schemas/*.xml, common/constants.php,
// modules/file/file.controller.php); nothing here writes.
import { decodeEntities } from '../../../common/content/escape.js';
import { sanitisePost } from '../../modules/posts/content.js';
import type { ImportContext } from '../context.js';
import { kstDate, type MysqlSource, type Row } from '../mysql-source.js';
import { num, oldFile, oldImages, str } from '../source-rows.js';
import type { FileSource, InlineImages } from '../write-posts.js';

/** Rhymix's `date` columns: char(14) YYYYMMDDHHMMSS in the site's time (Korean sites: KST). */
export function xeDate(v: unknown): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(str(v).trim());
  if (!m || m[1] === '0000') return null;
  return kstDate(`${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`);
}

/**
 * A document's status (documents.status, Document::$statusList): what comes across, and why not.
 * PRIVATE (its author only) is kept like SECRET; EMBARGO (published at a set time) is public here.
 */
export function documentFate(status: unknown): { secret: boolean } | { skip: string } {
  switch (str(status).toUpperCase() || 'PUBLIC') {
    case 'PUBLIC':
    case 'EMBARGO':
      return { secret: false };
    case 'SECRET':
    case 'PRIVATE':
      return { secret: true };
    case 'TEMP':
      return { skip: '임시 저장한 글' };
    case 'TRASH':
      return { skip: '휴지통에 있는 글' };
    case 'CENSORED':
    case 'CENSORED_BY_ADMIN':
      return { skip: '운영진이 가린 글' };
    default:
      return { skip: '삭제된 글' };
  }
}

/** A comment's status (comments.status, RX_STATUS_*: 1 public, 2 secret, 10 private …) and is_secret. */
export function commentFate(status: unknown, isSecret: unknown): { secret: boolean } | { skip: string } {
  switch (num(status)) {
    case 1:
    case 3:
      return { secret: str(isSecret) === 'Y' };
    case 2:
    case 10:
      return { secret: true };
    case 0:
      return { skip: '임시 저장한 댓글' };
    case 5:
    case 6:
      return { skip: '운영진이 가린 댓글' };
    default:
      return { skip: '삭제된 댓글' };
  }
}

/** A board's 비밀글 setting (decision 39) and whether it was a consultation board. */
export interface BoardSecrecy {
  secretPosts: 'off' | 'allowed' | 'always';
  /** 상담 기능 (consultation = 'Y'): a member read only their own posts and the notices. */
  consultation: boolean;
}

/**
 * A board's 비밀글 setting from its module settings (module_extra_vars, name → value): a
 * consultation board is 'always' (its posts come as secret posts, board.view.php); a board whose
 * use_status offers SECRET ('|@|'-joined, board.admin.controller.php) or, in XE before
 * use_status, whose secret is 'Y' is 'allowed'; else 'off'.
 */
export function boardSecrecy(vars: Map<string, string> | undefined): BoardSecrecy {
  const consultation = vars?.get('consultation') === 'Y';
  if (consultation) return { secretPosts: 'always', consultation };
  const statuses = (vars?.get('use_status') ?? '').split('|@|').map((v) => v.trim().toUpperCase());
  return { secretPosts: statuses.includes('SECRET') || vars?.get('secret') === 'Y' ? 'allowed' : 'off', consultation };
}

/** A file by its path below files/ (attach/images/…, attach/binaries/…). */
export const fileSource = (ctx: ImportContext, rel: string, name: string): FileSource => oldFile(ctx, 'files', rel, name);

/** files.uploaded_filename: './files/attach/…' below the site's folder (file.controller.php). */
export function attachment(ctx: ImportContext, uploaded: string, name: string): FileSource {
  const m = /^(?:\.\/)?files\/(.+)$/.exec(uploaded);
  if (!m) return { oldId: uploaded || '(이름 없음)', path: null, name, missing: '파일이 files 폴더 밖에 있음 (외부 저장소)' };
  return fileSource(ctx, m[1]!, name);
}

/** Images the editor put in a content, from the old site's files/attach/ (absolute or relative). */
export const inlineImages = (ctx: ImportContext): InlineImages => oldImages(ctx, 'files', /(?:^|\/)files\/(attach\/[^?#]+)$/);

/**
 * A comment or letter of Rhymix's editor (HTML) as the plain text the site keeps for them: made
 * safe by the posts' sanitiser first, then its paragraphs and line breaks kept as lines.
 */
export function htmlAsText(html: string): string {
  const safe = sanitisePost(html);
  return decodeEntities(
    safe
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Every row of a table without a key of its own (votes, scraps) in pages by two increasing
 * numbers: `(a, b) > (last a, last b)`, written so MySQL uses the index on a. `a` and `b` are
 * columns of the table aliased t, selected under their own names.
 */
export async function* pairPages<T extends Row>(src: MysqlSource, size: number, from: string, a: string, b: string, where: string, columns: string): AsyncGenerator<T[]> {
  let after: [number, number] | null = null;
  for (;;) {
    const cond: string = after === null ? '' : ` and (${a} > ? or (${a} = ? and ${b} > ?))`;
    const values: number[] = after === null ? [] : [after[0], after[0], after[1]];
    const rows = await src.query<T>(`select ${columns} from ${from} where ${where}${cond} order by ${a}, ${b} limit ${size}`, values);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = [num(last[a.replace(/^t\./, '')]), num(last[b.replace(/^t\./, '')])];
  }
}

/**
 * The level a board's grant asks for (module_grants: group_srl 0 everyone, -1 and -2 members,
 * -3 the board's managers, else a member group), as the site's level order (0 for visitors);
 * null for managers or administrators only. Without a grant row Rhymix lets everyone (its boards' default).
 */
export function grantLevel(groups: number[], groupLevel: Map<number, number>): number | null {
  if (groups.length === 0 || groups.includes(0)) return 0;
  if (groups.includes(-1) || groups.includes(-2)) return 1;
  const levels = groups.flatMap((g) => (groupLevel.has(g) ? [groupLevel.get(g)!] : []));
  // Managers or an administrators' group only.
  return levels.length ? Math.min(...levels) : null;
}
