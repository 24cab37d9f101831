// The new-member rules (docs/product/spam.md) are a site setting. The browser run's members sign up
// minutes before they write, so every test file but the spam one would meet them: the run starts
// with them off (the sign-up challenge stays on), and e2e/spam.e2e.ts turns them on for its flows.
// The administrator's two-step secret and recovery codes go into the file e2e/two-step.ts keeps,
// so the run's later administrator sign-ins pass with them.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RULES_OFF, saveSpamRulesAsNewAdmin } from '../server/test/spam-proof.js';

export { RULES_OFF, RULES_ON } from '../server/test/spam-proof.js';

export async function turnNewMemberRulesOff(baseURL: string, adminPassword: string) {
  const { secret, recoveryCodes } = await saveSpamRulesAsNewAdmin(baseURL, adminPassword, RULES_OFF);
  const state = { admin: { secret, lastStep: Math.floor(Date.now() / 30_000), recovery: recoveryCodes } };
  writeFileSync(join(tmpdir(), `chalkak-e2e-two-step-${new URL(baseURL).port}.json`), JSON.stringify(state));
}
