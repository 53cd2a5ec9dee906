import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A local S3-compatible server for the storage tests: s3rver on a free loopback port, its data in a
// temporary directory, one bucket, and the credentials it checks signatures with.

/** s3rver keeps an object's bytes in `<bucket>/<key>._S3rver_object`. */
const OBJECT_SUFFIX = '._S3rver_object';

export type LocalS3 = {
  env: Record<string, string>;
  options: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string; forcePathStyle: boolean };
  /** The objects the bucket holds, by key (a key with slashes sits in folders). */
  keys: () => string[];
  close: () => Promise<void>;
};

export async function startLocalS3(bucket = 'lawcoach-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    forcePathStyle: true,
  };
  return {
    options,
    env: {
      S3_ENDPOINT: options.endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_REGION: options.region,
      S3_FORCE_PATH_STYLE: 'true',
    },
    keys: () => {
      const dir = path.join(directory, bucket);
      return fs.existsSync(dir)
        ? (fs.readdirSync(dir, { recursive: true }) as string[])
            .filter((f) => f.endsWith(OBJECT_SUFFIX))
            .map((f) => f.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
        : [];
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
