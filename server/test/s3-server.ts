// A throw-away S3-protocol server for tests (s3rver: objects in a temporary folder), with the
// environment a node needs to use it (STORAGE=s3 …).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** STORAGE=s3 and the S3_* settings for loadConfig or a child process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'chalkak-test'): Promise<TestS3> {
  const dir = mkdtempSync(join(tmpdir(), 'chalkak-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed development keys.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      // The SDK keeps connections alive; close them so close() does not wait for their timeout.
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
