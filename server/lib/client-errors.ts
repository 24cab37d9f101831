// Requests too broken to reach a route (bad HTTP, headers too large, a request that timed out)
// are answered on the socket by Fastify's clientErrorHandler, whose default body is English
// ({"error":"Bad Request","message":"Client Error"}). Every answer the site gives is `{message}`
// in Korean, so this one is too.
import type { Socket } from 'node:net';

const ANSWERS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: '요청을 받는 데 시간이 너무 오래 걸렸습니다. 다시 시도해 주세요.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: '요청 머리글이 너무 큽니다. 쿠키를 지우고 다시 시도해 주세요.',
  },
};
const BAD_REQUEST = { status: 400, reason: 'Bad Request', message: '요청을 읽을 수 없습니다. 다시 시도해 주세요.' };

export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = (err.code && ANSWERS[err.code]) || BAD_REQUEST;
  const body = JSON.stringify({ message: answer.message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
