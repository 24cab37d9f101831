// A gzip answer made of a kept, already compressed head and a small per-request tail, without
// compressing the head again (a member's post view: the part every reader of a kind shares, then
// the member's own fields). The head is deflated once with a sync flush, which ends it on a byte
// boundary without a final block; the tail follows as one stored (uncompressed) final block
// (RFC 1951 §3.2.4), and the gzip trailer's CRC-32 continues the head's (RFC 1952). One gzip
// member, so every client that reads gzip reads it. The tail is a few hundred bytes: compressing
// it would cost a zlib stream per request, more than the bytes it saves.
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface GzipHead {
  /** The head as raw deflate blocks, none of them final, ending byte-aligned. */
  deflated: Buffer;
  crc: number;
  length: number;
}

/** gzip magic, deflate, no flags, no time, no extra flags, unknown system. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;

export function gzipHead(head: Buffer): GzipHead {
  return { deflated: deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(head), length: head.length };
}

/** The gzip of head + tail (tail at most 64 KiB). */
export function gzipJoin(head: GzipHead, tail: Buffer): Buffer {
  if (tail.length > STORED_MAX) throw new RangeError('gzipJoin: the tail must fit one stored block');
  const block = Buffer.alloc(5);
  block[0] = 0x01; // BFINAL = 1, BTYPE = 00 (stored); the rest of the byte is padding
  block.writeUInt16LE(tail.length, 1);
  block.writeUInt16LE(~tail.length & 0xffff, 3);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(tail, head.crc) >>> 0, 0);
  trailer.writeUInt32LE((head.length + tail.length) >>> 0, 4);
  return Buffer.concat([HEADER, head.deflated, block, tail, trailer]);
}
