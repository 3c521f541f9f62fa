import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account; any other key is refused like a real S3 would. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface LocalS3 {
  endpoint: string;
  port: number;
  /** Stops answering (connections are refused), keeping the stored objects. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the objects stored before the stop. */
  start(): Promise<void>;
  /** Stops and deletes everything it stored. */
  dispose(): Promise<void>;
  /** The variables that point the app's storage at `bucket` on this server. */
  env(bucket: string): Record<string, string>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, storing in a temporary directory of its own. */
export async function startLocalS3(port = 0): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'sopka-s3-'));
  let server: S3rver | undefined;
  let boundPort = port;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port: boundPort, directory, silent: true });
    boundPort = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    const closed = running.close();
    // The SDK's keep-alive connections would otherwise go on being answered by the closed server.
    (running as unknown as { httpServer: Server }).httpServer.closeAllConnections();
    await closed;
  };
  await start();
  const endpoint = `http://127.0.0.1:${boundPort}`;
  return {
    endpoint,
    port: boundPort,
    stop,
    start,
    dispose: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
  };
}
