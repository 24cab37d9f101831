// Encryption at rest for small secrets (security answers) with AES-256-GCM.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
  /**
   * A keyed hash (HMAC-SHA-256 under a key derived from the site's key for `purpose`): a stored
   * value that can be looked up but not tried offline without the key (recovery codes).
   */
  mac(purpose: string, text: string): string;
}

/**
 * The key comes from APP_SECRET, or is generated once into DATA_DIR/secret.key.
 * Several app nodes must share APP_SECRET (docs/operations.md).
 */
export function loadKey(appSecret: string | undefined, dataDir: string): { key: Buffer; generated: boolean } {
  if (appSecret) return { key: Buffer.from(appSecret, 'hex'), generated: false };
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return { key: Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'), generated: false };
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('hex') + '\n', { mode: 0o600 });
  return { key, generated: true };
}

export function createSealer(key: Buffer): Sealer {
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string) => {
    let k = macKeys.get(purpose);
    if (!k) macKeys.set(purpose, (k = Buffer.from(hkdfSync('sha256', key, '', `chalkak-mac:${purpose}`, 32))));
    return k;
  };
  return {
    mac(purpose, text) {
      return createHmac('sha256', macKey(purpose)).update(text, 'utf8').digest('base64url');
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
    },
    open(sealed) {
      const [v, iv, tag, ct] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
