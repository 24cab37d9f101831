// Letter calls (docs/api.md#letters): the unread drawer, the inbox, sent box, compose, block and member picker calls.
// Members only; every call finds the letter on the caller's own side or answers 404.
import { Empty, Ok, PageQuery } from '../../../common/api/common.js';
import {
  ArrivalCount,
  BlockForm,
  BlockList,
  LetterKeyBody,
  LetterKeyParams,
  LetterPage,
  LetterView,
  QuickReply,
  SendForm,
  SendResult,
  SuggestList,
  SuggestQuery,
  UnreadList,
} from '../../../common/api/letters.js';
import type { App } from '../../lib/context.js';
import { memberLimiter } from '../../lib/member-limit.js';
import { type Member, requireMember } from '../../lib/session.js';
import { spamGuard } from '../spam/guard.js';
import { requireRealName } from '../community/service.js';
import {
  arrivalCount,
  block,
  blockList,
  type Box,
  deleteLetter,
  listLetters,
  markRead,
  quickReply,
  sendLetter,
  suggestMembers,
  unblock,
  unreadLetters,
  viewLetter,
} from './service.js';

/** Sending: 20 letters a minute and 200 a day per member. */
export const SEND_LIMIT = { perMinute: 20, perDay: 200 } as const;
const DAY_MS = 86_400_000;

export default async function letterRoutes(app: App) {
  const { db } = app.ctx;
  const perMinute = memberLimiter(app, 'letter-send-min', SEND_LIMIT.perMinute, 60_000);
  const perDay = memberLimiter(app, 'letter-send-day', SEND_LIMIT.perDay, DAY_MS);
  const suggestLimit = memberLimiter(app, 'letter-suggest', 60, 60_000);
  const sendLimit = async (req: Parameters<typeof perMinute>[0], member: Member) => {
    await perMinute(req, member);
    await perDay(req, member);
  };
  const ok = { ok: true as const };
  // Letters pass the spam rules: a new member's challenge and no links, repeats, holds.
  const spam = spamGuard(app);

  // --- The unread drawer's calls
  app.post('/api/letter/unread', { schema: { body: Empty, response: { 200: UnreadList } } }, async (req) =>
    unreadLetters(db, await requireMember(req)),
  );
  app.post('/api/letter/arrival', { schema: { body: Empty, response: { 200: ArrivalCount } } }, async (req) =>
    arrivalCount(db, (await requireMember(req)).no),
  );
  app.post(
    '/api/letter/receive/read/:letterKey',
    { schema: { params: LetterKeyParams, body: Empty, response: { 200: Ok } } },
    async (req) => {
      await markRead(db, (await requireMember(req)).no, req.params.letterKey);
      return ok;
    },
  );
  for (const box of ['receive', 'send'] as const satisfies readonly Box[]) {
    app.post(
      `/api/letter/${box}/delete/:letterKey`,
      { schema: { params: LetterKeyParams, body: Empty, response: { 200: Ok } } },
      async (req) => {
        await deleteLetter(db, (await requireMember(req)).no, box, req.params.letterKey);
        return ok;
      },
    );
    app.post(`/api/letter/${box}/list`, { schema: { body: PageQuery, response: { 200: LetterPage } } }, async (req) =>
      listLetters(db, (await requireMember(req)).no, box, req.body.page),
    );
    app.post(`/api/letter/${box}/view`, { schema: { body: LetterKeyBody, response: { 200: LetterView } } }, async (req) =>
      viewLetter(db, await requireMember(req), box, req.body.letterKey),
    );
  }
  app.post('/api/letter/send/quick', { schema: { body: QuickReply, response: { 200: SendResult } } }, async (req) => {
    const member = await requireMember(req);
    await requireRealName(db, member, 'letters');
    await sendLimit(req, member);
    const ticket = await spam.before(req, member, 'letter', req.body.content);
    const letterKey = await quickReply(db, member, req.body);
    await spam.after(ticket, letterKey);
    return { letterKey };
  });

  // --- compose
  app.post('/api/letter/send/save', { schema: { body: SendForm, response: { 200: SendResult } } }, async (req) => {
    const member = await requireMember(req);
    await requireRealName(db, member, 'letters');
    await sendLimit(req, member);
    const ticket = await spam.before(req, member, 'letter', `${req.body.subject}\n${req.body.content}`);
    const letterKey = await sendLetter(db, member, req.body);
    await spam.after(ticket, letterKey);
    return { letterKey };
  });
  app.post('/api/letter/member/suggest', { schema: { body: SuggestQuery, response: { 200: SuggestList } } }, async (req) => {
    const member = await requireMember(req);
    await suggestLimit(req, member);
    return suggestMembers(db, member.no, req.body.q);
  });

  // --- blocking
  app.post('/api/letter/block', { schema: { body: BlockForm, response: { 200: Ok } } }, async (req) => {
    await block(db, (await requireMember(req)).no, req.body.userId);
    return ok;
  });
  app.post('/api/letter/unblock', { schema: { body: BlockForm, response: { 200: Ok } } }, async (req) => {
    await unblock(db, (await requireMember(req)).no, req.body.userId);
    return ok;
  });
  app.post('/api/letter/block/list', { schema: { body: Empty, response: { 200: BlockList } } }, async (req) =>
    blockList(db, (await requireMember(req)).no),
  );
}
