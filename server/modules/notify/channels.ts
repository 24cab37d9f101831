// The channels a notify job fans out to: web push (server/modules/push) and mail
// (server/modules/mail), each queuing its own durable jobs in the caller's transaction.
import { queueNotificationMail } from '../mail/notification-mail.js';
import { queuePushes } from '../push/queue.js';
import type { Channels } from './fan-out.js';

export function deliveryChannels(): Channels {
  return {
    push: queuePushes,
    mail: queueNotificationMail,
  };
}
