import 'server-only';
import type { BucketLocationConstraint, S3Client } from '@aws-sdk/client-s3';
import { contentTypeOf, isSafeKey, StorageUnavailableError, type FileStorage } from './storage-driver';

export interface S3Options {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * A bucket that does not answer must fail a request in seconds, not hang it: the SDK has no timeouts by default.
 * One retry covers a dropped keep-alive connection; more would only stretch the wait of a request that fails.
 */
const CONNECTION_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 3_000;
const MAX_ATTEMPTS = 2;

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as SdkError)?.$metadata?.httpStatusCode;
const isNotFound = (error: unknown) => statusOf(error) === 404;
/** GetObject names a missing object NoSuchKey; HeadObject has no body, so only its 404 says it (as NotFound). */
const isMissingObject = (error: unknown) => ['NoSuchKey', 'NotFound'].includes((error as SdkError)?.name ?? '');

function checkKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** Files in an S3-compatible bucket, under the same keys as on local disk. */
export function s3Storage(options: S3Options): FileStorage {
  // The SDK is loaded on first use, so a process on local disk never pays for it.
  let client: Promise<{ s3: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  let bucketReady: Promise<void> | undefined;

  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        maxAttempts: MAX_ATTEMPTS,
        // Without throwOnRequestTimeout, an exceeded requestTimeout is only logged and the request keeps waiting.
        requestHandler: {
          connectionTimeout: CONNECTION_TIMEOUT_MS,
          requestTimeout: REQUEST_TIMEOUT_MS,
          throwOnRequestTimeout: true,
        },
        // The SDK's default checksums (CRC32 headers and trailers) are refused by several S3-compatible servers;
        // keep them to the operations that require them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));

  /** The bucket is created on first use, by whichever process or script stores or reads first. */
  async function ensureBucket({ s3, sdk }: Awaited<ReturnType<typeof connect>>) {
    try {
      await s3.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }));
    } catch (error) {
      // 403: credentials limited to objects may not look at the bucket itself, which then exists.
      if (statusOf(error) === 403) return;
      if (!isNotFound(error)) throw error;
      try {
        // S3 creates a bucket in us-east-1 unless told otherwise, and refuses that from another region's endpoint.
        const location =
          options.region === 'us-east-1'
            ? {}
            : { CreateBucketConfiguration: { LocationConstraint: options.region as BucketLocationConstraint } };
        await s3.send(new sdk.CreateBucketCommand({ Bucket: options.bucket, ...location }));
      } catch (createError) {
        // Another process created it in between.
        if ((createError as SdkError).name !== 'BucketAlreadyOwnedByYou') throw createError;
      }
    }
  }

  /** Runs one operation; anything but an answer the caller expects means the storage is unavailable. */
  async function run<T>(operation: (connection: Awaited<ReturnType<typeof connect>>) => Promise<T>): Promise<T> {
    try {
      const connection = await connect();
      bucketReady ??= ensureBucket(connection).catch((error) => {
        bucketReady = undefined;
        throw error;
      });
      await bucketReady;
      return await operation(connection);
    } catch (error) {
      throw new StorageUnavailableError(
        `S3 bucket ${options.bucket} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  return {
    async put(key, body) {
      checkKey(key);
      await run(({ s3, sdk }) =>
        s3.send(
          new sdk.PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body, ContentType: contentTypeOf(key) }),
        ),
      );
    },
    async get(key) {
      checkKey(key);
      return run(async ({ s3, sdk }) => {
        try {
          const object = await s3.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: key }));
          // Buffered, not streamed: stored pictures are re-encoded and small (a large one is a few hundred KB), and
          // a buffered read gives the S3 connection back at once instead of holding it for a slow client.
          return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
        } catch (error) {
          if (isMissingObject(error)) return null;
          throw error;
        }
      });
    },
    async exists(key) {
      checkKey(key);
      return run(async ({ s3, sdk }) => {
        try {
          await s3.send(new sdk.HeadObjectCommand({ Bucket: options.bucket, Key: key }));
          return true;
        } catch (error) {
          if (isMissingObject(error)) return false;
          throw error;
        }
      });
    },
    /** A round trip to the bucket every time (a missing bucket is created first, as on any first use). */
    async ready() {
      await run(({ s3, sdk }) => s3.send(new sdk.HeadBucketCommand({ Bucket: options.bucket })));
    },
  };
}
