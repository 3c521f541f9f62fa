import 'server-only';
import { SEED_CATEGORIES } from './content/catalog';
import { SEED_AUTHORS, SEED_IDEAS } from './content/ideas';
import type { SeedAuthor, SeedIdea } from './content/types';
import { fileStorage, imageKeys } from '../platform/storage';
import { renderAvatar, renderIdeaImage, type PictureSize } from './pictures/render';

/**
 * The demo content's pictures. Seeding renders the ones a first visitor sees (prepareSeedPictures); the rest of
 * each gallery is rendered on its first request (renderMissingSeedPicture), so a fresh clone serves sooner.
 */

/** Pictures per seeded idea: variant 0 is its cover, 1–3 the rest of its gallery. */
export const SEED_GALLERY_SIZE = 4;

export const seedPhotoBase = (idea: SeedIdea, variant: number) => `seed/${idea.key}-${variant}`;
export const seedAvatarKey = (author: SeedAuthor) => `seed/avatar-${author.email.split('@')[0]}.webp`;

interface SeedPicture {
  key: string;
  render: () => Promise<Buffer>;
}

const colorOf = (categoryId: number) => SEED_CATEGORIES.find((c) => c.id === categoryId)?.color ?? 2;

function ideaPicture(index: number, variant: number, size: PictureSize): SeedPicture {
  const idea = SEED_IDEAS[index];
  return {
    key: imageKeys(seedPhotoBase(idea, variant))[size],
    render: () =>
      renderIdeaImage({
        seed: `${idea.key}-${index}`,
        motif: idea.motif,
        colorClass: colorOf(idea.categoryId),
        variant,
        size,
      }),
  };
}

function avatarPicture(author: SeedAuthor): SeedPicture {
  const initials = author.name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2);
  return { key: seedAvatarKey(author), render: () => renderAvatar({ seed: author.email, initials }) };
}

async function store(picture: SeedPicture): Promise<Buffer> {
  const body = await picture.render();
  await fileStorage().put(picture.key, body);
  return body;
}

/**
 * The pictures seen first, rendered when missing: every idea's cover in both sizes (cards, pins, the first picture
 * of the idea page) and the authors' avatars. All at once: sharp renders on libuv's thread pool, so the batch keeps
 * every core busy without worker threads.
 */
export async function prepareSeedPictures(): Promise<void> {
  const storage = fileStorage();
  const pictures = [
    ...SEED_IDEAS.flatMap((_, index) => [ideaPicture(index, 0, 'cover'), ideaPicture(index, 0, 'large')]),
    ...SEED_AUTHORS.map(avatarPicture),
  ];
  await Promise.all(
    pictures.map(async (picture) => {
      if (!(await storage.exists(picture.key))) await store(picture);
    }),
  );
}

const IDEA_PICTURE_KEY = /^seed\/(.+)-(\d+)-(cover|large)\.webp$/;

function ideaPictureAt(key: string): SeedPicture | null {
  const match = IDEA_PICTURE_KEY.exec(key);
  if (!match) return null;
  const index = SEED_IDEAS.findIndex((idea) => idea.key === match[1]);
  const variant = Number(match[2]);
  if (index < 0 || variant >= SEED_GALLERY_SIZE) return null;
  return ideaPicture(index, variant, match[3] as PictureSize);
}

/** Renders of this process still running, so simultaneous requests for one picture render it once. */
const rendering = new Map<string, Promise<Buffer>>();

/**
 * A seeded idea's picture that is not stored yet, rendered and stored now; null when `key` is no such picture.
 * Every picture is deterministic, so two processes rendering the same one store the same bytes.
 */
export function renderMissingSeedPicture(key: string): Promise<Buffer> | null {
  const picture = ideaPictureAt(key);
  if (!picture) return null;
  let pending = rendering.get(key);
  if (!pending) {
    pending = store(picture).finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}
