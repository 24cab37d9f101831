// Requests too broken to reach a route still get the site's Korean {message} answer.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../test/harness.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and reads the whole answer until the server closes the connection. */
function raw(bytes: string): Promise<string> {
  return new Promise((ok, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', fail);
    socket.on('close', () => ok(Buffer.concat(chunks).toString('utf8')));
  });
}

function answer(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as Record<string, unknown> };
}

describe('requests that never reach a route', () => {
  it('answers broken HTTP with a Korean message', async () => {
    const a = answer(await raw('GARBAGE\r\n\r\n'));
    expect(a.status).toBe(400);
    expect(a.body).toEqual({ message: '요청을 읽을 수 없습니다. 다시 시도해 주세요.' });
    expect(a.head).toMatch(/content-type: application\/json; charset=utf-8/i);
  });

  it('answers headers that are too large with a Korean message', async () => {
    const a = answer(await raw(`GET / HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(a.status).toBe(431);
    expect(a.body.message).toMatch(/머리글이 너무 큽니다/);
  });

  it('still answers a well-formed request as before', async () => {
    const text = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(Number(text.split(' ')[1])).toBe(200);
  });
});
