import { afterEach, describe, expect, it, vi } from 'vitest';

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** env() as a fresh process would read it from these variables. */
async function readEnv(variables: Record<string, string>) {
  for (const name of S3_VARIABLES) delete process.env[name];
  Object.assign(process.env, variables);
  vi.resetModules();
  const { env } = await import('@/lib/server/platform/env');
  return () => env();
}

afterEach(() => {
  for (const name of S3_VARIABLES) delete process.env[name];
});

describe('S3 configuration', () => {
  it('is off without the variables, so files stay on local disk', async () => {
    const env = (await readEnv({}))();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('names what is missing when only part of it is set', async () => {
    expect(await readEnv({ S3_BUCKET: 'sopka-media' })).toThrow('missing: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY');
    expect(await readEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'missing: S3_BUCKET, S3_SECRET_ACCESS_KEY',
    );
  });

  it('refuses a bucket name S3 would refuse', async () => {
    expect(
      await readEnv({ S3_BUCKET: 'Sopka_Media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toThrow('S3_BUCKET must be a bucket name');
  });

  it('accepts the whole set, with AWS as the endpoint when none is given', async () => {
    const env = (
      await readEnv({ S3_BUCKET: 'sopka-media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })
    )();
    expect(env).toMatchObject({ S3_BUCKET: 'sopka-media', S3_REGION: 'us-east-1' });
    expect(env.S3_ENDPOINT).toBeUndefined();
  });
});
