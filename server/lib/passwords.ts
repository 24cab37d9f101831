// argon2id password hashing (OWASP parameters: 19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the account does not exist keeps the timing the same.
let dummy: Promise<string> | undefined;

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) {
    dummy ??= hashPassword('chalkak-timing-equaliser');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(hashed, password).catch(() => false);
}
