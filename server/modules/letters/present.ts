// Letter rows -> what the contract sends: never a member number, only the two parties' public
// names (a withdrawn party keeps the nickname of sending time, without userId or star).
import type { LetterParty, LetterSummary } from '../../../common/api/letters.js';

export interface PartyRow {
  no: number;
  userId: string;
  nickName: string | null;
  status: string;
  points: number;
}

export interface LetterRow {
  letterKey: number;
  subject: string;
  content: string;
  sentAt: Date;
  readAt: Date | null;
  /** Hidden by an admin after a report: both parties see a notice instead of the text. */
  hiddenAt?: Date | null;
  senderNick: string;
  receiverNick: string;
  sender: PartyRow;
  receiver: PartyRow;
}

export type Ranks = ReadonlyMap<number, number>;

export function presentParty(p: PartyRow, nickAtSending: string, ranks: Ranks): LetterParty {
  const active = p.status !== 'withdrawn';
  return {
    userId: active ? p.userId : '',
    nickName: active ? (p.nickName ?? nickAtSending) : nickAtSending,
    levelKey: p.status === 'active' ? (ranks.get(p.no) ?? null) : null,
  };
}

export function presentSummary(r: LetterRow, ranks: Ranks): LetterSummary {
  return {
    letterKey: r.letterKey,
    subject: r.subject,
    sender: presentParty(r.sender, r.senderNick, ranks),
    receiver: presentParty(r.receiver, r.receiverNick, ranks),
    sentAt: r.sentAt.toISOString(),
    readAt: r.readAt ? r.readAt.toISOString() : null,
  };
}
