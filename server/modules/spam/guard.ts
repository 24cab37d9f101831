// The rules a new post, comment or letter passes (docs/product/spam.md, decision 47), called by
// the write routes around their write (a new market or gallery item is a post here):
// - a new member (first days, or below a level: community settings) sends a solved challenge,
//   may not put links or images in comments and letters, and writes few posts an hour;
// - nobody sends the same text again and again;
// - a member held for review (reported by several members) has what they write held.
// Administrators pass untouched.
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SPAM_PROOF_HEADER, type SpamPurpose } from '../../../common/api/spam.js';
import type { Db } from '../../db/client.js';
import { heldItems, heldMembers, levels, spamTexts, users } from '../../db/schema/index.js';
import { now as clockNow } from '../../lib/clock.js';
import type { App } from '../../lib/context.js';
import { badRequest, HttpError, tooManyRequests } from '../../lib/errors.js';
import { memberLimiter } from '../../lib/member-limit.js';
import type { Member } from '../../lib/session.js';
import { hideTarget, targetChanged } from '../reports/targets.js';
import { spendProof } from './challenge.js';
import { spamSettings } from './settings.js';

export type WriteKind = 'post' | 'comment' | 'letter';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The same text this many times in a day is enough; the next is refused. */
export const REPEAT_MAX = 2;
/** Shorter texts ("감사합니다", "축하드려요") are what members rightly say again and again. */
const REPEAT_MIN_CHARS = 10;

export const SPAM_MSG = {
  link: { comment: '가입 초기에는 댓글에 링크나 이미지를 넣을 수 없습니다.', letter: '가입 초기에는 쪽지에 링크나 이미지를 넣을 수 없습니다.' },
  hourly: (n: number) => `가입 초기에는 한 시간에 글을 ${n}개까지 쓸 수 있습니다. 잠시 후 다시 써 주세요.`,
  repeat: '같은 내용을 여러 번 올릴 수 없습니다. 내용을 바꿔 주세요.',
} as const;

/** What a member is for these rules. */
export interface SpamStanding {
  isNew: boolean;
  held: boolean;
}

/** The administrator's account is never new nor held, second step passed or not yet. */
const isAdministrator = (member: Pick<Member, 'admin' | 'adminAccount'>) => member.admin || member.adminAccount === true;

export async function standingOf(db: Db, member: Pick<Member, 'no' | 'admin' | 'adminAccount'>): Promise<SpamStanding> {
  if (isAdministrator(member)) return { isNew: false, held: false };
  const rules = await spamSettings(db);
  const ruleMin =
    rules.newMemberLevelId === null ? sql<null>`null` : sql<number | null>`(select l.min_points from ${levels} l where l.id = ${rules.newMemberLevelId})`;
  const [row] = await db
    .select({ joinDate: users.joinDate, minPoints: levels.minPoints, ruleMin, heldNo: heldMembers.userNo })
    .from(users)
    .leftJoin(levels, eq(levels.id, users.levelId))
    .leftJoin(heldMembers, eq(heldMembers.userNo, users.no))
    .where(eq(users.no, member.no));
  if (!row) return { isNew: false, held: false };
  const recent = rules.newMemberDays > 0 && row.joinDate.getTime() > clockNow().getTime() - rules.newMemberDays * DAY_MS;
  const low = row.ruleMin !== null && (row.minPoints ?? 0) < Number(row.ruleMin);
  return { isNew: recent || low, held: row.heldNo !== null };
}

/** A web address, a bare domain, or a post's picture token (+{key|fileN}). */
const LINK_OR_IMAGE = /(https?:\/\/|www\.|\+\{|\b[a-z0-9-]+\.(com|net|org|kr|co|io|me|ly|gl|info|biz|xyz|top|shop|site|link|app)\b)/i;

/** Text as compared for repeats: no markup, no spaces or punctuation, lower case. */
export function normaliseText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

export interface WriteTicket {
  kind: WriteKind;
  memberNo: number;
  textHash: string | null;
  held: boolean;
}

export interface SpamGuard {
  /** Before a sign-up: the solved challenge. */
  join(req: FastifyRequest): Promise<void>;
  /** Before a new post, comment or letter (never an edit): throws when refused. */
  before(req: FastifyRequest, member: Member, kind: WriteKind, text: string): Promise<WriteTicket>;
  /** After it was written: remembers its text, and holds it when its author is held. */
  after(ticket: WriteTicket, key: number): Promise<void>;
}

export function spamGuard(app: App): SpamGuard {
  const { db, sealer } = app.ctx;
  const proofOf = (req: FastifyRequest) => {
    const v = req.headers[SPAM_PROOF_HEADER];
    return typeof v === 'string' ? v : undefined;
  };
  return {
    async join(req) {
      await spendProof(db, sealer, proofOf(req), 'join');
    },

    async before(req, member, kind, text) {
      const ticket: WriteTicket = { kind, memberNo: member.no, textHash: null, held: false };
      if (isAdministrator(member)) return ticket;
      const standing = await standingOf(db, member);
      ticket.held = standing.held;
      const plain = normaliseText(text);
      if (Array.from(plain).length >= REPEAT_MIN_CHARS) {
        ticket.textHash = sealer.mac('spam-text', plain);
        const since = new Date(clockNow().getTime() - DAY_MS);
        const [seen] = await db
          .select({ n: count() })
          .from(spamTexts)
          .where(and(eq(spamTexts.userNo, member.no), eq(spamTexts.textHash, ticket.textHash), gt(spamTexts.createdAt, since)));
        if ((seen?.n ?? 0) >= REPEAT_MAX) throw badRequest(SPAM_MSG.repeat, 'spam_repeat');
      }
      if (!standing.isNew) return ticket;
      if (kind !== 'post' && LINK_OR_IMAGE.test(text)) throw badRequest(SPAM_MSG.link[kind], 'spam_link');
      await spendProof(db, sealer, proofOf(req), kind satisfies SpamPurpose);
      // Counted once the challenge passed: only a real attempt uses up the hour.
      if (kind === 'post') {
        const { postsPerHour } = await spamSettings(db);
        const limit = memberLimiter(app, `new-member-posts:${postsPerHour}`, postsPerHour, HOUR_MS);
        await limit(req, member).catch((e: unknown) => {
          throw e instanceof HttpError && e.status === 429 ? tooManyRequests(SPAM_MSG.hourly(postsPerHour)) : e;
        });
      }
      return ticket;
    },

    async after(ticket, key) {
      const at = clockNow();
      if (ticket.textHash) {
        await db.delete(spamTexts).where(lt(spamTexts.createdAt, new Date(at.getTime() - DAY_MS)));
        await db.insert(spamTexts).values({ userNo: ticket.memberNo, textHash: ticket.textHash, createdAt: at });
      }
      if (!ticket.held) return;
      const place = await db.transaction(async (tx) => {
        const { place: where } = await hideTarget(tx, ticket.kind, key, true);
        await tx.insert(heldItems).values({ kind: ticket.kind, targetKey: key, userNo: ticket.memberNo, heldAt: at }).onConflictDoNothing();
        return where;
      });
      targetChanged(db, place);
    },
  };
}
