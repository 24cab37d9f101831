// This node's open live streams and what they are told (decision 35). Messages from any node
// (publish.ts through the signals) name a member or an auction; the hub reads the new counts or
// the auction's state once per message burst and writes them to the streams that asked: a
// member's own streams for their counts, an auction's watchers for its state. Nothing personal
// goes to a stream that is not the member's own.
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { now } from '../../lib/clock.js';
import { unreadCount } from '../alarms/service.js';
import { arrivalCount } from '../letters/service.js';
import { auctionState, loadAuctionRow } from '../market/auction-state.js';
import { type MemberPart, parseLiveMessage } from './publish.js';

export interface LiveStream {
  /** The member the stream belongs to (null: a visitor watching an auction). */
  readonly userNo: number | null;
  /** The hash of the session it was opened with (null for a visitor). */
  readonly session: string | null;
  /** The auction item it watches, if any. */
  readonly auction: number | null;
  /** The address it came from (visitors' streams are capped per address). */
  readonly ip: string;
  send(event: string, data: unknown): void;
  /** A comment line: keeps the connection from looking idle. */
  ping(): void;
  /** Ends the stream (the browser reconnects, and reads what it missed then). */
  close(): void;
}

/** Messages heard within this long are answered together (a bid writes several). */
const GATHER_MS = 25;

export class LiveHub {
  private readonly members = new Map<number, Set<LiveStream>>();
  private readonly auctions = new Map<number, Set<LiveStream>>();
  private readonly visitors = new Map<string, number>();
  private pendingMembers = new Map<number, Set<MemberPart>>();
  private pendingAuctions = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  get size() {
    let n = 0;
    for (const set of this.members.values()) n += set.size;
    for (const count of this.visitors.values()) n += count;
    return n;
  }

  /** Streams open on this node for the member, or for visitors from the address. */
  countOf(userNo: number | null, ip: string): number {
    return userNo === null ? (this.visitors.get(ip) ?? 0) : (this.members.get(userNo)?.size ?? 0);
  }

  add(stream: LiveStream) {
    if (this.closed) return stream.close();
    if (stream.userNo !== null) addTo(this.members, stream.userNo, stream);
    else this.visitors.set(stream.ip, (this.visitors.get(stream.ip) ?? 0) + 1);
    if (stream.auction !== null) addTo(this.auctions, stream.auction, stream);
  }

  remove(stream: LiveStream) {
    if (stream.userNo !== null) removeFrom(this.members, stream.userNo, stream);
    else {
      const left = (this.visitors.get(stream.ip) ?? 1) - 1;
      if (left > 0) this.visitors.set(stream.ip, left);
      else this.visitors.delete(stream.ip);
    }
    if (stream.auction !== null) removeFrom(this.auctions, stream.auction, stream);
  }

  /** A message from the signals (any node's, this one's included). */
  hear(message: string) {
    const m = parseLiveMessage(message);
    if (!m || this.closed) return;
    if (m.kind === 'member') {
      if (!this.members.has(m.userNo)) return;
      let parts = this.pendingMembers.get(m.userNo);
      if (!parts) this.pendingMembers.set(m.userNo, (parts = new Set()));
      parts.add(m.part);
    } else {
      if (!this.auctions.has(m.key)) return;
      this.pendingAuctions.add(m.key);
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.running = this.running.then(() => this.flush());
    }, GATHER_MS).unref();
  }

  private async flush() {
    const members = this.pendingMembers;
    const auctions = this.pendingAuctions;
    this.pendingMembers = new Map();
    this.pendingAuctions = new Set();
    await Promise.all([
      ...[...members].map(([userNo, parts]) => this.tellMember(userNo, [...parts])),
      ...[...auctions].map((key) => this.tellAuction(key)),
    ]);
  }

  private async tellMember(userNo: number, changed: MemberPart[]) {
    const streams = this.members.get(userNo);
    if (!streams?.size) return;
    try {
      const counts = await memberCounts(this.db, userNo);
      for (const s of streams) s.send('unread', { ...counts, changed });
    } catch (err) {
      // Not told: the streams end, and the browsers read the counts again when they reconnect.
      this.log.warn({ err }, 'live: counts not read');
      for (const s of [...streams]) s.close();
    }
  }

  private async tellAuction(key: number) {
    const streams = this.auctions.get(key);
    if (!streams?.size) return;
    try {
      const state = await auctionFor(this.db, key);
      for (const s of streams) {
        if (state) s.send('auction', { key, auction: state(s.userNo) });
        else s.close();
      }
    } catch (err) {
      this.log.warn({ err }, 'live: auction not read');
      for (const s of [...streams]) s.close();
    }
  }

  /**
   * A new stream's first events, in turn with the events of messages heard before it (a burst
   * being answered is not overtaken by older counts). A failed read ends the stream.
   */
  greet(stream: LiveStream, first: () => Promise<void>) {
    this.running = this.running.then(() =>
      first().catch((err: unknown) => {
        this.log.warn({ err }, 'live: first events not read');
        stream.close();
      }),
    );
  }

  /** A comment line on every stream. */
  ping() {
    for (const s of this.all()) s.ping();
  }

  private all() {
    const all = new Set<LiveStream>();
    for (const set of this.members.values()) for (const s of set) all.add(s);
    for (const set of this.auctions.values()) for (const s of set) all.add(s);
    return all;
  }

  /**
   * Ends the members' streams whose session is over (signed out, ended by a new password, the
   * member suspended or gone) since they were opened: no more of the member's counts go there.
   */
  async checkSessions() {
    const streams = [...this.members.values()].flatMap((set) => [...set]);
    const hashes = [...new Set(streams.map((s) => s.session).filter((h): h is string => h !== null))];
    if (hashes.length === 0) return;
    const rows = await this.db
      .select({ idHash: sessions.idHash, userNo: sessions.userNo })
      .from(sessions)
      .innerJoin(users, eq(users.no, sessions.userNo))
      .where(and(inArray(sessions.idHash, hashes), gt(sessions.expiresAt, sql`now()`), eq(users.status, 'active')));
    const valid = new Map(rows.map((r) => [r.idHash, r.userNo]));
    for (const s of streams) if (s.session === null || valid.get(s.session) !== s.userNo) s.close();
  }

  /** Every stream ends (the node stops, or it may have missed messages). */
  closeAll() {
    for (const s of this.all()) s.close();
  }

  /** No more streams: every open one ends now, without waiting for anything. */
  close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.closeAll();
  }
}

function addTo<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(stream);
}

function removeFrom<K>(map: Map<K, Set<LiveStream>>, key: K, stream: LiveStream) {
  const set = map.get(key);
  if (!set) return;
  set.delete(stream);
  if (set.size === 0) map.delete(key);
}

/** The header's two counts (the same reads as /api/letter/arrival and /api/letter/alarm). */
export async function memberCounts(db: Db, userNo: number) {
  const [letters, alarms] = await Promise.all([arrivalCount(db, userNo), unreadCount(db, userNo)]);
  return { letters, alarms };
}

/** The auction's state as each viewer sees it (only `leading` differs); null when it is gone. */
export async function auctionFor(db: Db, key: number) {
  const row = await loadAuctionRow(db, key);
  if (!row || row.deletedAt !== null) return null;
  const at = now();
  return (viewerNo: number | null) => auctionState(row, viewerNo, at);
}
