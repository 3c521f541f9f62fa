import 'server-only';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { UploadFile } from '@/lib/backup/manifest';

// The uploads on disk, as the manifest lists them.

const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** Every file under `root` (keys with `/`), with size and sha256; a half-written `.partial` of a put is skipped. */
export async function listUploads(root: string): Promise<UploadFile[]> {
  if (!existsSync(root)) return [];
  const files: UploadFile[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    files.push({ path: key, size: (await stat(full)).size, sha256: await sha256File(full) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

export async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
  }
}
