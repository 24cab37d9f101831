// Solving the proof-of-work challenge for real, as the browser's widget does (altcha-lib), for
// callers that reach the site over HTTP (the started process, several nodes, the browser tests, the
// benches), and setting the new-member rules on such a site.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';
import { SPAM_PROOF_HEADER, type SpamChallenge, type SpamPurpose } from '../../common/api/spam.js';

/** The widget's payload for a challenge: base64 of {challenge, solution}. */
export async function solveProof(challenge: SpamChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Headers carrying a solved challenge for `purpose` from the site at `base` (none when the caller needs none). */
export async function proofHeadersAt(base: string, purpose: SpamPurpose, cookie?: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/spam/challenge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ purpose }),
  });
  if (!res.ok) throw new Error(`challenge: ${res.status} ${await res.text()}`);
  const { challenge } = (await res.json()) as { challenge: SpamChallenge | null };
  return challenge ? { [SPAM_PROOF_HEADER]: await solveProof(challenge) } : {};
}

/** The new-member rules (docs/product/spam.md) off: what other areas' runs want. */
export const RULES_OFF = { newMemberDays: 0, newMemberLevelId: null, postsPerHour: 5, holdReports: 3 } as const;
/** The defaults of a new site. */
export const RULES_ON = { ...RULES_OFF, newMemberDays: 3 } as const;

/**
 * For a started server whose administrator has never signed in (a browser run, a bench): signs in
 * over plain HTTP (password, then two-step sign-in turned on, as the site requires of
 * administrators) and saves these spam settings. Answers the one-time code secret and the
 * recovery codes, for whoever signs in as the administrator later.
 */
export async function saveSpamRulesAsNewAdmin(base: string, adminPassword: string, rules: object): Promise<{ secret: string; recoveryCodes: string[] }> {
  let cookie = '';
  const call = async <T>(path: string, body: string, type = 'application/json'): Promise<T> => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': type, ...(cookie ? { cookie } : {}) }, body });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('chalkak_sid='));
    if (sid) cookie = sid.split(';')[0]!;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const json = <T>(path: string, body: object) => call<T>(path, JSON.stringify(body));
  await call('/api/login/do', new URLSearchParams({ userId: 'admin', password: adminPassword, remember: 'N' }).toString(), 'application/x-www-form-urlencoded');
  await json('/api/user/myInfo', { password: adminPassword });
  const { secret } = await json<{ secret: string }>('/api/auth/totp/setup', {});
  const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
  const { recoveryCodes } = await json<{ recoveryCodes: string[] }>('/api/auth/totp/enable', { code });
  await json('/api/admin/spam/settings/save', rules);
  return { secret, recoveryCodes };
}
