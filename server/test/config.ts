import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '../config.js';

export const TEST_ADMIN = { userId: 'admin', password: 'admin-password-1' } as const;

/**
 * A configuration for tests: its own data folder, a fixed key, no log noise. The data folder sits
 * in the run's temporary folder, which the global setup removes after the run.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: env.DATA_DIR ?? mkdtempSync(join(inject('tempRoot'), 'data-')),
    APP_SECRET: 'a'.repeat(64),
    ADMIN_USER_ID: TEST_ADMIN.userId,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    LOG_LEVEL: 'silent',
    // Tests change members straight in the database and expect the next call to see it.
    SESSION_CACHE_MS: '0',
    ...env,
  });
}
