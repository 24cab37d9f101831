// One push to one browser: web-push makes the request (the VAPID JWT, the aes128gcm payload, TTL
// and urgency headers) and it is sent here over a connection whose address was checked
// (endpoint.ts), since web-push's own sender would connect wherever the name points.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import webpush from 'web-push';
import type { PushMessage } from '../../../common/api/notify.js';
import { addressAllowed, checkEndpointUrl, ENDPOINT_MSG, EndpointRefused, type EndpointPolicy, publicLookup } from './endpoint.js';
import type { Vapid } from './vapid.js';

export interface Subscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** How long a push service keeps an undelivered push (s): a day, then it is no news any more. */
export const PUSH_TTL_S = 24 * 3600;
const TIMEOUT_MS = 15_000;

/** The push service's answer was not a success. Carries no `code`: it is not a database outage. */
export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PushServiceError';
  }
  /** 404/410: the browser's subscription is gone for good. */
  get gone() {
    return this.status === 404 || this.status === 410;
  }
  /** 429, 5xx and no answer at all (status 0) are worth another try later. */
  get retry() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/**
 * A Topic header from the tag: a newer push with the same tag replaces one still waiting. Keyed
 * with the VAPID private key (the same on every node): the push service sees the header, and a
 * plain hash of a tag such as `free-12` would tell it the post by hashing guesses.
 */
const topicOf = (tag: string, key: string) => createHmac('sha256', key).update(tag).digest('base64url').slice(0, 32);

/** Sends the message; resolves with the push service's status (2xx), throws PushServiceError or EndpointRefused. */
export async function sendPush(sub: Subscription, message: PushMessage, vapid: Vapid, policy: EndpointPolicy): Promise<number> {
  const url = checkEndpointUrl(sub.endpoint, policy);
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(message), {
    vapidDetails: vapid,
    TTL: PUSH_TTL_S,
    urgency: 'normal',
    contentEncoding: 'aes128gcm',
    ...(message.tag ? { topic: topicOf(message.tag, vapid.privateKey) } : {}),
  });
  const lookup = publicLookup(url, policy);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      url,
      { method: details.method, headers: details.headers as http.OutgoingHttpHeaders, lookup, timeout: TIMEOUT_MS, agent: false },
      (res) => {
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > 64 * 1024) res.destroy();
        });
        res.on('error', () => undefined);
        res.on('close', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(status);
          else reject(new PushServiceError(status, `push service answered ${status}`));
        });
      },
    );
    // The address actually connected to, whatever resolved it: a second check of the lookup's.
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        if (!socket.remoteAddress || !addressAllowed(socket.remoteAddress, url, policy)) req.destroy(new EndpointRefused(ENDPOINT_MSG.private));
      });
    });
    req.on('timeout', () => req.destroy(new PushServiceError(0, 'push service did not answer in time')));
    req.on('error', (err: Error & { code?: string }) => {
      if (err instanceof EndpointRefused || err instanceof PushServiceError) reject(err);
      else if (err.code === 'EPUSHREFUSED') reject(new EndpointRefused(ENDPOINT_MSG.private));
      // Its code (ECONNREFUSED …) would read as the database being down to the job queue.
      else reject(new PushServiceError(0, `push service unreachable: ${err.code ?? err.message}`));
    });
    req.end(details.body);
  });
}
