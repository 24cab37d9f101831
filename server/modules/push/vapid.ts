// The VAPID key pair pushes are signed with (RFC 8292). Every node must sign with the same pair:
// a browser's subscription is bound to the public key it was made with (docs/operations.md).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.js';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — whom the push service may contact about these pushes. */
  subject: string;
}

/** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or a pair generated once into DATA_DIR/vapid.json. */
export function loadVapid(config: Config): Vapid {
  const subject = config.push.subject ?? (config.publicOrigin?.startsWith('https://') ? config.publicOrigin : 'mailto:webmaster@chalkak.invalid');
  if (config.push.vapid) return { ...config.push.vapid, subject };
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // wx: two nodes starting at once on a shared DATA_DIR keep the first one's pair.
  try {
    writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadVapid(config);
  }
  return { ...keys, subject };
}
