// Encryption at rest for small secrets (security answers) with AES-256-GCM.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
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
  return {
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
