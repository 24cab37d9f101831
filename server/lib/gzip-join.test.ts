import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipHead, gzipJoin } from './gzip-join.js';

const text = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => '렌즈 사진 a1{"'[i % 9]).join(''));

describe('gzipJoin', () => {
  it.each([
    ['a short JSON head and tail', Buffer.from('{"key":1,"subject":"첫 글"'), Buffer.from(',"views":3,"recommended":false}')],
    ['an empty tail', text(500), Buffer.alloc(0)],
    ['an empty head', Buffer.alloc(0), text(40)],
    ['a head past 64 KiB', text(100_000), text(300)],
    ['bytes that do not compress', randomBytes(70_000), randomBytes(65_535)],
  ])('inflates to head + tail: %s', (_name, head, tail) => {
    const joined = gzipJoin(gzipHead(head), tail);
    expect(gunzipSync(joined).equals(Buffer.concat([head, tail]))).toBe(true);
  });

  it('joins one kept head to many tails', () => {
    const head = gzipHead(text(3000));
    for (const tail of ['1}', '22}', '{"a":"한글"}']) expect(gunzipSync(gzipJoin(head, Buffer.from(tail))).toString()).toBe(text(3000).toString() + tail);
  });

  it('refuses a tail that does not fit one stored block', () => {
    expect(() => gzipJoin(gzipHead(text(10)), Buffer.alloc(65_536))).toThrow(RangeError);
  });
});
