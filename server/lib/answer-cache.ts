// The per-node cache of serialised answers that every reader of a kind gets alike (decision 22):
// key -> JSON bytes, their gzip and an ETag, bounded by entries and bytes (least recently used
// goes first), each entry with a time limit and tags ("board:free", "post:123", "all"). A write
// names the tags it changed (answersChanged); every node drops the entries carrying them, this
// one at once and the others through the signals (signals.ts).
import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { type GzipHead, gzipJoin } from './gzip-join.js';
import { SESSION_COOKIE } from './session.js';
import type { Signals } from './signals.js';

export interface Answer {
  json: Buffer;
  /** null for an answer made while the cache is off (the compression hook handles it then). */
  gzip: Buffer | null;
  etag: string;
  tags: readonly string[];
  /** What the caller keeps beside the bytes (a view's author, for the reader's own part). */
  meta?: unknown;
}

export interface Produced {
  /** The answer as JSON text, already checked against its response schema. */
  json: string;
  tags: string[];
  meta?: unknown;
  /** false: the bytes are never sent as they are (a part of members' answers), so no gzip. */
  compress?: boolean;
}

export interface AnswerCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

export class AnswerCache {
  private readonly entries: LRUCache<string, Answer>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly pending = new Map<string, { seq: number; answer: Promise<Answer> }>();
  /** Bumped by every invalidation: a fill that saw it change does not store what it read. */
  private seq = 0;
  private on = true;
  readonly stats = { hits: 0, misses: 0 };

  constructor(opts: AnswerCacheOptions = {}) {
    this.entries = new LRUCache<string, Answer>({
      max: opts.maxEntries ?? 5_000,
      maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
      // An answer kept without its gzip (a part of members' answers) keeps a compressed head of
      // its own in meta instead: counted as if it were the gzip, at most the JSON's size.
      sizeCalculation: (a) => a.json.length + (a.gzip?.length ?? a.json.length) + 200,
      dispose: (a, key) => {
        for (const tag of a.tags) {
          const keys = this.byTag.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) this.byTag.delete(tag);
        }
      },
    });
  }

  /** The cached answer for key, or the one produce() makes (kept for ttlMs unless invalidated). */
  get(key: string, ttlMs: number, produce: () => Promise<Produced>): Promise<Answer> {
    if (!this.on) return produce().then((p) => pack(p, false));
    const hit = this.entries.get(key);
    if (hit) {
      this.stats.hits++;
      return Promise.resolve(hit);
    }
    // Readers arriving together share one fill, unless something changed since it began.
    const running = this.pending.get(key);
    if (running && running.seq === this.seq) return running.answer;
    this.stats.misses++;
    const seq = this.seq;
    const answer = produce().then((p) => {
      const packed = pack(p, true);
      if (this.on && seq === this.seq) this.store(key, packed, ttlMs);
      return packed;
    });
    const mine = { seq, answer };
    this.pending.set(key, mine);
    const done = () => {
      if (this.pending.get(key) === mine) this.pending.delete(key);
    };
    answer.then(done, done);
    return answer;
  }

  private store(key: string, answer: Answer, ttlMs: number) {
    this.entries.set(key, answer, { ttl: ttlMs });
    if (!this.entries.has(key)) return; // too big for the cache
    for (const tag of answer.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** Drops every entry carrying one of the tags; "*" drops everything. */
  invalidate(tags: Iterable<string>) {
    this.seq++;
    for (const tag of tags) {
      if (tag === '*') return this.entries.clear();
      for (const key of [...(this.byTag.get(tag) ?? [])]) this.entries.delete(key);
    }
  }

  clear() {
    this.seq++;
    this.entries.clear();
  }

  /** Off: every call reads the database and nothing is kept (while signals may be missed). */
  set enabled(value: boolean) {
    this.clear();
    this.on = value;
  }

  get enabled() {
    return this.on;
  }

  get size() {
    return this.entries.size;
  }
}

function pack(p: Produced, compress: boolean): Answer {
  const json = Buffer.from(p.json);
  const etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { json, gzip: compress && p.compress !== false ? gzipSync(json) : null, etag, tags: p.tags, meta: p.meta };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** True unless the client refuses gzip (absent, or q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim() === etag || t.trim() === etag.slice(2) || t.trim() === '*');

/**
 * Sends a cached answer: 304 when If-None-Match names its ETag, else its bytes (gzip when
 * accepted). A visitor's: "private, no-cache", a browser may keep it but asks again every time;
 * no shared cache (proxy) keeps it. A member's (a session cookie came with it): "no-store", so a
 * members-only board's list never stays in the browser of a shared computer; the web app's own
 * memory of ETags (web/api/etag-memory.ts) still gets its 304s.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: Answer) {
  const member = !!req.cookies?.[SESSION_COOKIE];
  reply
    .header('etag', answer.etag)
    .header('cache-control', member ? 'no-store' : 'private, no-cache')
    .header('vary', 'accept-encoding, cookie');
  if (matches(req.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (answer.gzip && acceptsGzip(req.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return reply.send(answer.gzip);
  }
  return reply.send(answer.json);
}

/**
 * Sends one member's answer made of a kept shared part and their own tail: the shared JSON without
 * its closing brace, then the tail (which closes it). Compressed from the part's kept gzip head
 * when the client accepts gzip, so the shared bytes are never compressed again. Nobody else may
 * keep it ("no-store").
 */
export function sendJoined(req: FastifyRequest, reply: FastifyReply, shared: Answer, head: GzipHead, tail: Buffer) {
  reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
  if (acceptsGzip(req.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(gzipJoin(head, tail));
  return reply.send(Buffer.concat([shared.json.subarray(0, shared.json.length - 1), tail]));
}

// ---------------------------------------------------------------------------------------------
// Routes' use

/**
 * Lists, summaries and the home page depend on the caller only through their level and admin
 * flag: one cached answer per kind of reader, named by this part of its key.
 */
export const readerKind = (reader: { member: { admin: boolean } | null; level: number }) =>
  reader.member?.admin ? 'admin' : reader.member ? `level${reader.level}` : 'visitor';

/** The cached answer for key, or produce()'s value checked against its response schema, kept for ttlMs under tags. */
export function cachedAnswer<S extends z.ZodType>(answers: AnswerCache, schema: S, key: string, ttlMs: number, tags: string[], produce: () => Promise<z.input<S>>) {
  return answers.get(key, ttlMs, async () => ({ json: JSON.stringify(schema.parse(await produce())), tags }));
}

/**
 * Sends a visitor's view of a post, the one answer every visitor shares, after counting the view.
 * The reader who fills the entry is counted in it; a later one is noted here (the counter notes a
 * viewer once a day, so the filler's second note changes nothing).
 */
export async function sendVisitorView(req: FastifyRequest, reply: FastifyReply, answer: Promise<Answer>, countView: () => void) {
  const shared = await answer;
  countView();
  return sendAnswer(req, reply, shared);
}

// ---------------------------------------------------------------------------------------------
// Invalidation from the services

const caches = new WeakMap<object, (tags: string[]) => void>();
const hooks = new WeakMap<object, Map<string, () => void>>();

/** Runs fn on this node whenever tag changes on any node (e.g. a per-node copy of the boards). */
export function onAnswersChanged(db: object, tag: string, fn: () => void) {
  let byTag = hooks.get(db);
  if (!byTag) hooks.set(db, (byTag = new Map()));
  byTag.set(tag, fn);
}

function runHooks(db: object, tags: string[]) {
  const byTag = hooks.get(db);
  if (byTag) for (const tag of tags) byTag.get(tag)?.();
}

/**
 * Connects a node's cache to its database handle and the signals: services then call
 * answersChanged(db, tags) after a write commits, and every node drops those entries. While the
 * listening connection is down this node may miss messages, so its cache is off until it listens
 * again (and starts empty).
 */
export function linkAnswerCache(db: object, cache: AnswerCache, signals: Signals, onError: (err: unknown) => void) {
  const node = randomUUID();
  cache.enabled = signals.listening;
  signals.onListening((listening) => (cache.enabled = listening));
  signals.onMessage((message) => {
    const [from, ...tags] = message.split(' ');
    // Live updates share the channel (modules/live): they name no cached answers.
    if (from === node || from === 'live') return;
    runHooks(db, tags);
    cache.invalidate(tags);
  });
  caches.set(db, (tags) => {
    runHooks(db, tags);
    cache.invalidate(tags);
    signals.publish([node, ...tags].join(' ')).catch(onError);
  });
}

/** After a committed write: the tags of the answers it changed, on every node. */
export function answersChanged(db: object, tags: string[]) {
  caches.get(db)?.(tags);
}

/** Every cached answer showing products carries this tag; a product write drops them all (productsChanged). */
export const PRODUCTS_TAG = 'products';

/** The tags of a post's answers: its board's lists and summary, the cross-board lists, its view. */
export const postTags = (boardId: string, key: number) => [`board:${boardId}`, 'all', `post:${key}`];
/** Also the views of the board's other posts (their previous and next links). */
export const boardPostTags = (boardId: string, key: number) => [...postTags(boardId, key), `nav:${boardId}`];
