import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localStorage } from '@/lib/server/platform/storage';

describe('pictures on local disk', () => {
  it('are never read half-written while they are being stored', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sopka-storage-'));
    const storage = localStorage(root);
    // Several chunks' worth: a plain write leaves the file visible, short, until its last chunk.
    const body = Buffer.alloc(16 * 1024 * 1024, 7);
    let stored = false;
    const storing = storage.put('seed/big-1-large.webp', body).then(() => {
      stored = true;
    });
    const lengths = new Set<number>();
    while (!stored) {
      const read = await storage.get('seed/big-1-large.webp');
      if (read) lengths.add(read.length);
    }
    await storing;
    expect([...lengths].filter((length) => length !== body.length)).toEqual([]);
    expect((await storage.get('seed/big-1-large.webp'))?.length).toBe(body.length);
    // Nothing is left beside it.
    expect(readdirSync(path.join(root, 'seed'))).toEqual(['big-1-large.webp']);
  });
});
