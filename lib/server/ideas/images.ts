import 'server-only';
import { open } from 'node:fs/promises';
import sharp, { type Sharp } from 'sharp';
import { COVER_SIZE } from '@/lib/constants';
import { withMultipartFile } from '../http/multipart';
import { ApiError, invalid } from '../http/problem';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const LARGE = { width: 1400, height: 1050 };
const AVATAR_SIZE = 256;

/** JPEG, PNG or WebP by their first bytes; the file name and declared type are not trusted. */
export function sniffImage(bytes: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b))
    return 'png';
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.slice(0, 4)) === 'RIFF' &&
    String.fromCharCode(...bytes.slice(8, 12)) === 'WEBP'
  )
    return 'webp';
  return null;
}

/** The multipart envelope around the file: boundaries and part headers. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const TOO_LARGE = 'Pictures may be at most 10 MB.';

/**
 * Re-encoding is what an upload costs in memory (a decoded picture and sharp's buffers): at most this many run at once
 * per process, the others wait their turn with their file on disk, so memory stays bounded however many arrive.
 */
const REENCODING_AT_ONCE = 2;
/**
 * libvips threads per picture: sharp's default is one per core (one on glibc without jemalloc, against fragmentation).
 * The setting is the process's, shared with Next's image optimizer, which lowers it further.
 */
const SHARP_THREADS = 2;
if (sharp.concurrency() > SHARP_THREADS) sharp.concurrency(SHARP_THREADS);

/** A counting semaphore: `run(task)` starts the task when fewer than `max` are running, in arrival order. */
export function limitConcurrency(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
const reencoding = limitConcurrency(REENCODING_AT_ONCE);

async function fileHead(file: string, length: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The uploaded picture of a multipart request (field `file`): streamed to a temporary file, checked for size while it
 * streams and for kind by its first bytes, then `handle` gets the file's path; the file is deleted afterwards.
 */
export async function withImageUpload<T>(request: Request, handle: (file: string) => Promise<T>): Promise<T> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(415, 'Unsupported media type', 'Send the picture as multipart/form-data in the field "file".');
  }
  return withMultipartFile(
    request,
    {
      field: 'file',
      maxFileBytes: MAX_UPLOAD_BYTES,
      maxBodyBytes: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
      tooLarge: TOO_LARGE,
      missing: 'Attach a picture in the field "file".',
    },
    async (file) => {
      if (!sniffImage(await fileHead(file.path, 12)))
        throw invalid({ file: ['Only JPEG, PNG and WebP pictures are accepted.'] });
      return handle(file.path);
    },
  );
}

/** One re-encoding of the picture file (read by sharp from disk, not loaded whole). */
async function reencode(file: string, build: (image: Sharp) => Sharp): Promise<Buffer> {
  try {
    // rotate() applies the EXIF orientation; the output carries no metadata.
    return await build(sharp(file, { limitInputPixels: 50_000_000 }).rotate())
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw invalid({ file: ['This picture cannot be read. Try another file.'] });
  }
}

/** The two sizes of an idea photo: the 466×350 card cover and a large one for the gallery. */
export const ideaPhotoSizes = (file: string) =>
  reencoding(async () => {
    const large = await reencode(file, (image) => image.resize({ ...LARGE, fit: 'inside', withoutEnlargement: true }));
    const cover = await reencode(file, (image) => image.resize({ ...COVER_SIZE, fit: 'cover' }));
    const { width = LARGE.width, height = LARGE.height } = await sharp(large).metadata();
    return { cover, large, width, height };
  });

/** The 256×256 avatar of a picture file. */
export const avatarImage = (file: string) =>
  reencoding(() => reencode(file, (image) => image.resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover' })));
