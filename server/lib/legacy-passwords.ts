// Password hashes of the board engines a club moves in from (docs/decisions/0038-imported-password-hashes.md).
// An imported member's old hash is stored with a prefix naming its format and checked with that
// engine's algorithm on the first sign-in; the login then replaces it with argon2id. Plain
// passwords are never stored; the algorithms are node:crypto's, bcryptjs's and @node-rs/argon2's.
import { createHash, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verify as argon2Verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

const pbkdf2Async = promisify(pbkdf2);

/** Gnuboard5's create_hash(): `algo:iterations:salt:base64(key)`; the salt is used as the text it is. */
export const GNUBOARD5_PBKDF2 = 'gnuboard5-pbkdf2:';
/** MySQL 4.1+ PASSWORD(): `*` and 40 hex digits, SHA-1 of SHA-1. */
export const MYSQL_PASSWORD = 'mysql-password:';
/** MySQL before 4.1 (OLD_PASSWORD()): 16 hex digits. */
export const MYSQL_OLD_PASSWORD = 'mysql-old-password:';
/** Rhymix (and XE before it): the member module's hash as it is; its shape tells the algorithm. */
export const RHYMIX = 'rhymix:';
/** A hash the site cannot check (an unknown format, or none): the member resets their password. */
export const UNUSABLE = 'unusable:';

const PREFIXES = [GNUBOARD5_PBKDF2, MYSQL_PASSWORD, MYSQL_OLD_PASSWORD, RHYMIX, UNUSABLE];

/** True for a stored hash that came from an old engine (not yet argon2id). */
export const isLegacyHash = (stored: string) => PREFIXES.some((p) => stored.startsWith(p));

/** True when the stored hash cannot be checked at all. */
export const isUnusableHash = (stored: string) => stored.startsWith(UNUSABLE);

const PBKDF2_ALGOS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);
const PBKDF2_FORMAT = /^([a-z0-9]+):(\d{1,7}):([^:]*):([A-Za-z0-9+/]+={0,2})$/;

/**
 * The stored form of a Gnuboard5 mb_password, by its shape. Gnuboard5 writes PBKDF2 hashes
 * (create_hash); sites older than that, or set up without it, hold MySQL PASSWORD() values.
 */
export function storedGnuboard5Hash(raw: string): { stored: string; format: 'pbkdf2' | 'mysql' | 'mysql-old' | 'unusable' } {
  const m = PBKDF2_FORMAT.exec(raw);
  if (m && PBKDF2_ALGOS.has(m[1]!) && Number(m[2]) > 0) return { stored: GNUBOARD5_PBKDF2 + raw, format: 'pbkdf2' };
  if (/^\*[0-9a-f]{40}$/i.test(raw)) return { stored: MYSQL_PASSWORD + raw.toUpperCase(), format: 'mysql' };
  if (/^[0-9a-f]{16}$/i.test(raw)) return { stored: MYSQL_OLD_PASSWORD + raw.toLowerCase(), format: 'mysql-old' };
  return { stored: `${UNUSABLE}gnuboard5`, format: 'unusable' };
}

const same = (a: Buffer, b: Buffer) => a.length === b.length && a.length > 0 && timingSafeEqual(a, b);

/** MySQL's pre-4.1 password hash (spaces and tabs are skipped; 31-bit words). */
export function mysqlOldPassword(password: string): string {
  let nr = 1345345333;
  let add = 7;
  let nr2 = 0x12345671;
  for (const byte of Buffer.from(password, 'utf8')) {
    if (byte === 0x20 || byte === 0x09) continue;
    nr = (nr ^ ((((nr & 63) + add) * byte + (nr << 8)) >>> 0)) >>> 0;
    nr2 = (nr2 + (((nr2 << 8) >>> 0) ^ nr)) >>> 0;
    add = (add + byte) >>> 0;
  }
  const hex = (n: number) => (n & 0x7fffffff).toString(16).padStart(8, '0');
  return hex(nr) + hex(nr2);
}

/** MySQL 4.1+ PASSWORD(): `*` and the upper-case hex of SHA1(SHA1(password)). */
export function mysqlPassword(password: string): string {
  const inner = createHash('sha1').update(password, 'utf8').digest();
  return '*' + createHash('sha1').update(inner).digest('hex').toUpperCase();
}

/** Checks a password against an old engine's stored hash; false for a format it cannot check. */
export async function verifyLegacyPassword(stored: string, password: string): Promise<boolean> {
  if (stored.startsWith(GNUBOARD5_PBKDF2)) {
    const m = PBKDF2_FORMAT.exec(stored.slice(GNUBOARD5_PBKDF2.length));
    if (!m || !PBKDF2_ALGOS.has(m[1]!)) return false;
    const expected = Buffer.from(m[4]!, 'base64');
    const iterations = Number(m[2]);
    if (expected.length === 0 || iterations <= 0) return false;
    const got = await pbkdf2Async(password, m[3]!, iterations, expected.length, m[1]!);
    return same(got, expected);
  }
  if (stored.startsWith(MYSQL_PASSWORD)) {
    return same(Buffer.from(mysqlPassword(password)), Buffer.from(stored.slice(MYSQL_PASSWORD.length).toUpperCase()));
  }
  if (stored.startsWith(MYSQL_OLD_PASSWORD)) {
    return same(Buffer.from(mysqlOldPassword(password)), Buffer.from(stored.slice(MYSQL_OLD_PASSWORD.length).toLowerCase()));
  }
  if (stored.startsWith(RHYMIX)) {
    const raw = stored.slice(RHYMIX.length);
    for (const check of rhymixChecks(raw)) if (await check(raw, password)) return true;
    return false;
  }
  return false;
}

type Check = (hash: string, password: string) => Promise<boolean>;

/**
 * What Rhymix hashes for every algorithm but argon2id and bcrypt (Password::hashPassword): the
 * password trimmed as PHP's trim() does, each run of white space made one space.
 */
// eslint-disable-next-line no-control-regex -- PHP's trim() takes NUL and the vertical tab too
export const rhymixNormalised = (password: string) => password.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '').replace(/[ \t\n\v\f\r]+/g, ' ');

const hex = (algo: string, text: string) => createHash(algo).update(text, 'utf8').digest('hex');
/** A chain of plain digests (Rhymix's 'md5,sha1,md5'): each of the previous one's hex. */
const digestCheck =
  (...algos: string[]): Check =>
  async (hash, password) => {
    let out = rhymixNormalised(password);
    for (const algo of algos) out = hex(algo, out);
    return same(Buffer.from(out), Buffer.from(hash));
  };

const rhymixPbkdf2: Check = async (hash, password) => {
  const m = PBKDF2_FORMAT.exec(hash);
  if (!m || !PBKDF2_ALGOS.has(m[1]!) || Number(m[2]) <= 0) return false;
  const expected = Buffer.from(m[4]!, 'base64');
  if (expected.length === 0) return false;
  return same(await pbkdf2Async(rhymixNormalised(password), m[3]!, Number(m[2]), expected.length, m[1]!), expected);
};

/**
 * Rhymix's signatures (Password::$_algorithm_signatures) with the algorithms this site checks, in
 * its order; a hash may fit several (40 hex digits: SHA-1 or RIPEMD-160) and each is tried.
 * argon2id and bcrypt take the password as typed (password_verify), the others normalised.
 * Whirlpool (no longer in Node's OpenSSL), phpass, Drupal, Joomla, KimsQ, crypt() and MS SQL
 * hashes are not checked: their members reset.
 */
const RHYMIX_SIGNATURES: Array<[RegExp, Check[]]> = [
  [/^\$argon2id?\$/, [(hash, password) => argon2Verify(hash, password).catch(() => false)]],
  [/^\$2[aby]\$[0-9]{2}\$/, [(hash, password) => bcrypt.compare(password, hash).catch(() => false)]],
  [/^[a-z0-9]+:[0-9]+:/, [rhymixPbkdf2]],
  [/^[0-9a-f]{32}$/, [digestCheck('md5'), digestCheck('md5', 'sha1', 'md5')]],
  [/^[0-9a-f]{40}$/, [digestCheck('sha1'), digestCheck('ripemd160')]],
  [/^[0-9a-f]{64}$/, [digestCheck('sha256')]],
  [/^[0-9a-f]{96}$/, [digestCheck('sha384')]],
  [/^[0-9a-f]{128}$/, [digestCheck('sha512')]],
  [/^[0-9a-f]{16}$/, [async (hash, password) => same(Buffer.from(mysqlOldPassword(rhymixNormalised(password))), Buffer.from(hash))]],
  [/^\*[0-9A-F]{40}$/, [async (hash, password) => same(Buffer.from(mysqlPassword(rhymixNormalised(password))), Buffer.from(hash))]],
];

const rhymixChecks = (raw: string): Check[] => RHYMIX_SIGNATURES.flatMap(([signature, checks]) => (signature.test(raw) ? checks : []));

/** The stored form of a Rhymix or XE member's password: kept as it is when its shape is one the site checks. */
export function storedRhymixHash(raw: string): { stored: string; format: 'rhymix' | 'unusable' } {
  let usable = rhymixChecks(raw).length > 0;
  if (usable && /^[a-z0-9]+:[0-9]+:/.test(raw)) {
    const m = PBKDF2_FORMAT.exec(raw);
    usable = m !== null && PBKDF2_ALGOS.has(m[1]!) && Number(m[2]) > 0;
  }
  return usable ? { stored: RHYMIX + raw, format: 'rhymix' } : { stored: `${UNUSABLE}rhymix`, format: 'unusable' };
}
