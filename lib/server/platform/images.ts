import 'server-only';
import sharp, { type Sharp } from 'sharp';
import { COVER_SIZE } from '@/lib/constants';
import { payloadTooLarge, readBodyLimited } from '../http/body';
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

/** The uploaded file of a multipart request (field `file`), checked for size and kind while it streams. */
export async function readImageUpload(request: Request): Promise<Buffer> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiError(415, 'Unsupported media type', 'Send the picture as multipart/form-data in the field "file".');
  }
  const body = await readBodyLimited(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES, TOO_LARGE);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw invalid({ file: ['The upload is broken. Try again.'] });
  }
  const file = form.get('file');
  if (!(file instanceof Blob)) throw invalid({ file: ['Attach a picture in the field "file".'] });
  if (file.size > MAX_UPLOAD_BYTES) throw payloadTooLarge(TOO_LARGE);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!sniffImage(bytes)) throw invalid({ file: ['Only JPEG, PNG and WebP pictures are accepted.'] });
  return bytes;
}

async function reencode(bytes: Buffer, build: (image: Sharp) => Sharp): Promise<Buffer> {
  try {
    // rotate() applies the EXIF orientation; the output carries no metadata.
    return await build(sharp(bytes, { limitInputPixels: 50_000_000 }).rotate())
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw invalid({ file: ['This picture cannot be read. Try another file.'] });
  }
}

/** The two sizes of an idea photo: the 466×350 card cover and a large one for the gallery. */
export async function ideaPhotoSizes(bytes: Buffer) {
  const large = await reencode(bytes, (image) => image.resize({ ...LARGE, fit: 'inside', withoutEnlargement: true }));
  const cover = await reencode(bytes, (image) => image.resize({ ...COVER_SIZE, fit: 'cover' }));
  const { width = LARGE.width, height = LARGE.height } = await sharp(large).metadata();
  return { cover, large, width, height };
}

export const avatarImage = (bytes: Buffer) =>
  reencode(bytes, (image) => image.resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover' }));
