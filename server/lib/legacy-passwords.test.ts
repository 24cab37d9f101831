// Old engines' password hashes: each format recognised by its shape and checked against values
// made elsewhere (MariaDB's PASSWORD() and OLD_PASSWORD(), Python's hashlib PBKDF2 and digests,
// PHP's password_hash() example of its manual).
import { describe, expect, it } from 'vitest';
import { hash as argon2Hash } from '@node-rs/argon2';
import { isLegacyHash, isUnusableHash, mysqlOldPassword, mysqlPassword, rhymixNormalised, storedGnuboard5Hash, storedRhymixHash, verifyLegacyPassword } from './legacy-passwords.js';
import { verifyPassword } from './passwords.js';

const SHA256 = 'sha256:12000:Qk9PS1NBTFRTQUxUU0FMVFNBTFRTQUxU:MMPhV6W3sHMFTcVtvMuYAu27PEIs03e5';
const SHA1 = 'sha1:2400:Qk9PS1NBTFRTQUxUU0FMVFNBTFRTQUxU:3GEDQqqjt+voJTcWtoxgnxEQzI+SIcOK';

describe('legacy password hashes', () => {
  it('computes MySQL PASSWORD() and OLD_PASSWORD() as MariaDB does', () => {
    expect(mysqlPassword('password')).toBe('*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19');
    expect(mysqlOldPassword('password')).toBe('5d2e19393cc5ef67');
    // Spaces and tabs do not count; bytes beyond ASCII do.
    expect(mysqlOldPassword('한글 pw')).toBe('5a49eb9d344ac3c3');
  });

  it('stores each Gnuboard5 format with its prefix, and an unknown one as unusable', () => {
    expect(storedGnuboard5Hash(SHA256)).toEqual({ stored: `gnuboard5-pbkdf2:${SHA256}`, format: 'pbkdf2' });
    expect(storedGnuboard5Hash('*2470c0c06dee42fd1618bb99005adca2ec9d1e19').stored).toBe('mysql-password:*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19');
    expect(storedGnuboard5Hash('5D2E19393CC5EF67').stored).toBe('mysql-old-password:5d2e19393cc5ef67');
    for (const raw of ['', 'e10adc3949ba59abbe56e057f20f883e', 'md5:1:a:b', 'sha256:0:salt:aGFzaA==']) {
      expect(isUnusableHash(storedGnuboard5Hash(raw).stored), raw).toBe(true);
    }
    expect(isLegacyHash('$argon2id$v=19$m=19456,t=2,p=1$abc$def')).toBe(false);
  });

  it('checks each format: the right password passes, a wrong one does not', async () => {
    const cases: Array<[string, string]> = [
      [storedGnuboard5Hash(SHA256).stored, '한강노을1'],
      [storedGnuboard5Hash(SHA1).stored, 'old-pass'],
      [storedGnuboard5Hash('*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19').stored, 'password'],
      [storedGnuboard5Hash('5d2e19393cc5ef67').stored, 'password'],
    ];
    for (const [stored, password] of cases) {
      expect(await verifyLegacyPassword(stored, password), stored).toBe(true);
      expect(await verifyPassword(stored, password), stored).toBe(true);
      expect(await verifyPassword(stored, `${password}x`), stored).toBe(false);
    }
    expect(await verifyPassword('unusable:gnuboard5', '')).toBe(false);
  });
});

describe('Rhymix and XE password hashes', () => {
  // Made with Python's hashlib in Rhymix's shapes (PBKDF2 iterations padded to 7 digits).
  const cases: Array<[string, string]> = [
    ['sha512:0016384:abcDEF123456:qd5hJQ5WPeouA148H0PBcxjJ22uDUDUc', 'rhymix pass'],
    ['sha256:0008192:XeSalt987654:JOlRZnGijTSGbdF/Y1cCnUr5yNwMbZdZ', 'xe-pass'],
    // PHP manual's password_verify() example.
    ['$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a', 'rasmuslerdorf'],
    ['0c29eef74a4e1e57d457f5258f807cd4', 'old-xe'],
    // md5(sha1(md5())) of hex digests, Rhymix's 'md5,sha1,md5'.
    ['a9bbfe277c8f8b13e28f115e37a77c8d', 'chain'],
    ['9703fe4270d965e43e6e641b0383f7ee60ed155a', 'sha1-pass'],
    ['e965bc03d9a395956e3683e663f931ef8356d485', 'rmd-pass'],
    ['9fb09f7706e255a9fa7fa3afce8076b757eb516a8ba30863f5816869a2bf854d', 'sha256-pass'],
    ['59db7779ea26ab4323ba1cffe81aa623be38813b9c86a244721671a39796923c05085f0c21da2d7ce1da7ab2835fea3211592fb6eceb014f8de872cef2c975bc', 'sha512-pass'],
    ['*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19', 'password'],
    ['5d2e19393cc5ef67', 'password'],
  ];

  it('keeps each format it can check as it is, and an unknown one as unusable', async () => {
    for (const [raw] of cases) expect(storedRhymixHash(raw), raw).toEqual({ stored: `rhymix:${raw}`, format: 'rhymix' });
    const argon = await argon2Hash('pw', { algorithm: 2 });
    expect(storedRhymixHash(argon).format).toBe('rhymix');
    // phpass, Drupal, Joomla, whirlpool's shape is sha512's, DES crypt, an unknown PBKDF2 digest, empty.
    for (const raw of ['$P$BxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxX', '$S$Dxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', `${'a'.repeat(32)}:${'b'.repeat(32)}`, 'abJnggxhB/yWI', 'md5:100:salt:aGFzaA==', 'sha256:0:salt:aGFzaA==', '']) {
      expect(storedRhymixHash(raw), raw).toEqual({ stored: 'unusable:rhymix', format: 'unusable' });
    }
    expect(isLegacyHash('rhymix:0c29eef74a4e1e57d457f5258f807cd4')).toBe(true);
    expect(isUnusableHash(storedRhymixHash('$P$B123').stored)).toBe(true);
  });

  it('checks each: the right password passes, a wrong one does not', async () => {
    const argon = await argon2Hash(' argon pass', { algorithm: 2, memoryCost: 1024, timeCost: 1 });
    for (const [raw, password] of [...cases, [argon, ' argon pass'] as [string, string]]) {
      const { stored } = storedRhymixHash(raw);
      expect(await verifyLegacyPassword(stored, password), raw).toBe(true);
      expect(await verifyPassword(stored, `${password}x`), raw).toBe(false);
    }
    expect(await verifyPassword('unusable:rhymix', '')).toBe(false);
  });

  it('normalises the password as Rhymix did before hashing (not for argon2id and bcrypt)', async () => {
    expect(rhymixNormalised('  a \t\n b  ')).toBe('a b');
    expect(await verifyLegacyPassword('rhymix:sha512:0016384:abcDEF123456:qd5hJQ5WPeouA148H0PBcxjJ22uDUDUc', ' rhymix   pass\n')).toBe(true);
    expect(await verifyLegacyPassword('rhymix:$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a', ' rasmuslerdorf')).toBe(false);
  });
});
