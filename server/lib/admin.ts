// Admin calls: the server-side guard every /api/admin/... handler starts with, and the audit
// record every admin write leaves (who, what, when, before and after).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client.js';
import { adminAudit } from '../db/schema/index.js';
import { forbidden } from './errors.js';
import { requireMember, type Member } from './session.js';

/** An administrator whose sign-in has not passed a second step (web: the admin gate page). */
export const SECOND_STEP_NEEDED = '관리자 기능은 2단계 인증을 마친 로그인에서만 쓸 수 있습니다. 인증 앱의 코드나 패스키로 2단계 인증을 해 주세요.';

/**
 * The signed-in administrator; visitors get 401 and members 403 (never a hint of what exists).
 * An administrator's session must also have passed a second step, a one-time code or a passkey
 * (decision 42): here, so no admin call can forget it.
 */
export async function requireAdmin(req: FastifyRequest): Promise<Member> {
  const member = await requireMember(req);
  if (!member.adminAccount) throw forbidden('관리자만 사용할 수 있습니다.', 'admin_only');
  if (!member.admin || !member.secondStepAt) throw forbidden(SECOND_STEP_NEEDED, 'second_step_needed');
  return member;
}

/**
 * Refuses visitors and members on this plugin's /api/admin/ routes before their bodies are
 * checked, so a non-admin never learns an admin call's field rules from a 400 (the plugin's
 * public routes are left alone). Handlers still call requireAdmin themselves.
 */
export function adminBeforeBody(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.url?.startsWith('/api/admin/')) await requireAdmin(req);
  });
}

export interface AuditEntry {
  /** 'area.verb': 'product.save', 'product.merge', 'productMap.delete'. */
  action: string;
  targetKind: string;
  targetKey: string | number;
  before?: unknown;
  after?: unknown;
}

/** Records an admin write; call it inside the write's transaction so both land or neither. */
export async function audit(tx: Tx, actor: Pick<Member, 'no'>, entry: AuditEntry): Promise<void> {
  await tx.insert(adminAudit).values({
    actorNo: actor.no,
    action: entry.action,
    targetKind: entry.targetKind,
    targetKey: String(entry.targetKey),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
