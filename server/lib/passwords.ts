// argon2id password hashing (OWASP parameters: 19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';
import { isLegacyHash, verifyLegacyPassword } from './legacy-passwords.js';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the account does not exist keeps the timing the same.
let dummy: Promise<string> | undefined;
async function dummyVerify(password: string) {
  dummy ??= hashPassword('chalkak-timing-equaliser');
  await verify(await dummy, password).catch(() => false);
}

export async function verifyPassword(hashed: string | null | undefined, password: string): Promise<boolean> {
  if (!hashed) {
    await dummyVerify(password);
    return false;
  }
  // A member brought from an old board engine keeps its hash until the first sign-in replaces it.
  // Its check (a SHA-1 for MySQL's) can be far quicker than argon2id, so the dummy runs beside it:
  // the answer's time does not tell an imported account from an unknown one.
  if (isLegacyHash(hashed)) {
    const [ok] = await Promise.all([verifyLegacyPassword(hashed, password), dummyVerify(password)]);
    return ok;
  }
  return verify(hashed, password).catch(() => false);
}
