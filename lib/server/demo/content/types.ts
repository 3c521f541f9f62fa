import type { Motif } from '../pictures/render';

/** Shapes of the demo content that seeds an empty database (see seed.ts). */

/** Text in the three stored languages; `ru` is required, the others fall back to it. */
export interface Localized {
  ru: string;
  en: string;
  zh: string;
}

export interface SeedPlace {
  id: number;
  /** 0 = top level. */
  parentId: number;
  title: Localized;
  lat: number;
  lon: number;
  /** Higher = shown earlier in "popular places". */
  popularity: number;
}

export interface SeedCategory {
  id: number;
  title: Localized;
  /** Colour class 1–8 (DESIGN.md: moss, sea, sunset, berry, sky, pine, amber, plum). */
  color: number;
}

export interface SeedItineraryStep {
  title: Localized;
  description: Localized;
  /** Minutes this step takes. */
  durationMinutes: number;
}

export type SpokenLanguage = 'ru' | 'en' | 'zh';
export type TimeOfDay = 'morning' | 'day' | 'evening';

export interface SeedIdea {
  /** Stable key, kebab-case, unique; used to name generated images. */
  key: string;
  /** Index into SEED_AUTHORS. */
  author: number;
  placeId: number;
  categoryId: number;
  /** 1 excursion, 2 multi-day tour, 3 activity / master class, 4 trip idea. */
  ideaTypeId: number;
  status: 'published' | 'not-moderated';
  title: Localized;
  /** 2–4 paragraphs separated by a blank line ("\n\n"), plain text. */
  description: Localized;
  languages: SpokenLanguage[];
  durationMinutes: number;
  lat: number;
  lon: number;
  /** Whole roubles per adult. */
  price: number;
  /** Whole roubles per child, or null when children pay the adult price or are not allowed. */
  childPrice: number | null;
  minPersons: number;
  maxPersons: number;
  childrenAllowed: boolean;
  /** Usual start time, local (Asia/Vladivostok), "HH:MM". */
  startTime: string;
  /** Which days from the seeding day the 2–8 future departures fall on, e.g. [3, 10, 17]. */
  dayOffsets: number[];
  seatsPerDate: number;
  /** What the price covers, short phrases. */
  includes: Localized;
  itinerary: SeedItineraryStep[];
  /** Visual motif for the generated cover: drives the picture's composition. */
  motif: Motif;
}

export interface SeedAuthor {
  name: string;
  /** The spellings a guide may give for the English and Chinese pages (lib/i18n/display-name.ts). */
  nameLatin?: string;
  nameZh?: string;
  email: string;
  about: Localized;
}
