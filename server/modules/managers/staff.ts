// Who looks after which boards: the boards a member manages (from the board rules every node
// keeps, board_managers), and the guard of the report queue's calls, the only admin calls a
// manager may make (decision 48): an administrator gets every board's reports, a manager their
// boards', everyone else the administrators' refusal.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { requireAdmin } from '../../lib/admin.js';
import { forbidden } from '../../lib/errors.js';
import { isManager } from '../../lib/roles.js';
import { requireMember, type Member } from '../../lib/session.js';
import { allBoards, type Board } from '../posts/board-rules.js';

/** The boards the member manages, in menu order. */
export async function managedBoards(db: Db, member: Pick<Member, 'no'> | null): Promise<Board[]> {
  if (!member) return [];
  const all = await allBoards(db);
  return [...all.values()].filter((b) => isManager({ member: { no: member.no, admin: false } }, b));
}

/** Who works the report queue, and on which boards (null: every board and letters, an administrator). */
export interface ReportStaff {
  member: Member;
  boards: string[] | null;
}

/** The member's refusal on an admin call, the same words requireAdmin says. */
const ADMIN_ONLY = () => forbidden('관리자만 사용할 수 있습니다.', 'admin_only');

/**
 * An administrator (with the second step, as requireAdmin demands), or a manager of at least one
 * board; visitors 401, other members 403.
 */
export async function requireReportStaff(db: Db, req: FastifyRequest): Promise<ReportStaff> {
  const member = await requireMember(req);
  if (member.adminAccount) return { member: await requireAdmin(req), boards: null };
  const boards = await managedBoards(db, member);
  if (boards.length === 0) throw ADMIN_ONLY();
  return { member, boards: boards.map((b) => b.id) };
}
