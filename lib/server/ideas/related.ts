import 'server-only';
import { alias, PgDialect } from 'drizzle-orm/pg-core';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { IdeaInclude } from '@/lib/contract/ideas';
import { getDb } from '../db';
import type { LocalizedText } from '../db/schema/common';
import { ideaDates, ideaItineraries, ideas, photos, profiles, users } from '../db/schema';

/** The rows an idea resource is made of: the idea's own columns and what hangs on it (cover, dates, photos, steps, author). */

export type IdeaRow = typeof ideas.$inferSelect;

/** An idea's page needs every column but the search index's, which is larger than all its texts. */
const {
  searchVector: _searchVector,
  searchTitleVector: _searchTitleVector,
  searchTitle: _searchTitle,
  ...ideaColumns
} = getTableColumns(ideas);
export const IDEA_COLUMNS = ideaColumns;

/**
 * What every listing card shows, and the values its cursor keeps (keyset.ts): a listing row holds no more unless
 * the request asks for it (CARD_EXTRAS). The long texts, what is included, the timestamps and the search columns
 * stay out: the rows' JSON was a third larger, to build in the database, carry and parse.
 */
const CARD_KEYS = [
  'id',
  'hid',
  'authorId',
  'placeId',
  'categoryId',
  'ideaTypeId',
  'status',
  'title',
  'languages',
  'durationMinutes',
  'lat',
  'lon',
  'cancellationPolicy',
  'price',
  'currency',
  'bookingMode',
  'responseHours',
  'format',
  'nextDateAt',
  'coverPhotoId',
  'rating',
  'reviewsCount',
  'ratingScore',
  'publishedAt',
] as const satisfies (keyof IdeaRow)[];

/** The columns a listing reads only for the relationships or the list that show them. */
const CARD_EXTRAS = {
  ideaPrice: ['childPrice', 'includes'],
  bookingParams: ['minPersons', 'maxPersons', 'childrenAllowed'],
  /** An author's own list says why a refused idea was refused. */
  refusal: ['refusalReason'],
} as const satisfies Record<string, (keyof IdeaRow)[]>;
export type CardExtra = keyof typeof CARD_EXTRAS;
type ExtraKey = (typeof CARD_EXTRAS)[CardExtra][number];

export type ListRow = Pick<IdeaRow, (typeof CARD_KEYS)[number]> & Partial<Pick<IdeaRow, ExtraKey>>;

/** The extras a listing reads for the relationships it includes (and, for an author's own list, the refusal). */
export function cardExtras(include: readonly IdeaInclude[], withRefusal = false): CardExtra[] {
  const extras: CardExtra[] = [];
  if (include.includes('ideaPrice')) extras.push('ideaPrice');
  if (include.includes('bookingParams')) extras.push('bookingParams');
  if (withRefusal) extras.push('refusal');
  return extras;
}

/** Most departures listed with an idea in a listing (a detail page gets them all). */
const LIST_DATES_LIMIT = 12;

export const coverPhoto = alias(photos, 'cover_photo');
/** Departures as `json_build_array(id, starts_at, seats_total, seats_left)`, earliest first. */
type DeparturesJson = [number, string, number, number][] | null;

/** The timestamp columns of a listing row, which JSON carries as text. */
const LIST_TIMESTAMPS = CARD_KEYS.filter((key) => IDEA_COLUMNS[key].columnType === 'PgTimestamp');

/** `json_build_object('key', column, …)` over columns named by our own keys (never by input). */
const jsonObject = (columns: Record<string, AnyColumn | SQL>) =>
  sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;

/**
 * Drizzle builds and renders a statement's every fragment again on each use: for the listing's JSON of thirty-odd
 * columns, that was a sixth of the server's own work on a listing request. A fragment without parameters is
 * rendered once, when the module loads, and used as text.
 */
const dialect = new PgDialect();
function renderedOnce(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length > 0) throw new Error('A fragment rendered once must hold no parameter.');
  return sql.raw(text);
}

type ListedJson = {
  idea: Record<string, unknown>;
  coverKey: string | null;
  author: AuthorRow;
  dates: DeparturesJson;
};

/** A listing row's JSON text up to its one parameter, the time from which departures count, and after it. */
function listedText(extras: CardExtra[]): [SQL, SQL] {
  const keys = [...CARD_KEYS, ...extras.flatMap((extra) => CARD_EXTRAS[extra])];
  const columns = Object.fromEntries(keys.map((key) => [key, IDEA_COLUMNS[key]]));
  return [
    renderedOnce(sql`json_build_object(
    'idea', ${jsonObject(columns)},
    'coverKey', ${coverPhoto.storageKey},
    'author', ${jsonObject({ id: users.id, hid: users.hid, name: users.name, nameLatin: users.nameLatin, nameZh: users.nameZh, avatarKey: users.avatarKey, profileHid: profiles.hid })},
    'dates', (
      select json_agg(json_build_array(listed.id, listed.starts_at, listed.seats_total, listed.seats_left) order by listed.starts_at)
      from (select d.id, d.starts_at, d.seats_total, d.seats_left from ${ideaDates} d
            where d.idea_id = ${ideas.id} and d.cancelled_at is null and d.starts_at >= `),
    sql.raw(` order by d.starts_at limit ${LIST_DATES_LIMIT}) listed))`),
  ];
}

/** listedText by the extras it reads, each rendered on first use. */
const LISTED_TEXTS = new Map<string, [SQL, SQL]>();

/**
 * A listing row as one JSON value: the idea's card columns (and the `extras` asked for) with its cover key, its
 * author and profile, and its next departures, from ideas joined with the cover photo, the author and the profile.
 * One statement, because a round trip to the database costs the server more than the rows it brings (uncached on
 * PostgreSQL at 100 000 ideas, 5–25% more listings per second than five queries); one JSON value per row, because
 * mapping thirty-odd fields per row was the largest part of the server's work on a listing.
 */
export function listedJson(now: Date, extras: CardExtra[] = []) {
  const key = extras.join(',');
  let text = LISTED_TEXTS.get(key);
  if (!text) LISTED_TEXTS.set(key, (text = listedText(extras)));
  const [beforeNow, afterNow] = text;
  return sql<ListedJson>`${beforeNow}${now.toISOString()}${afterNow}`;
}

export function listRowOf(json: Record<string, unknown>): ListRow {
  for (const key of LIST_TIMESTAMPS) if (typeof json[key] === 'string') json[key] = new Date(json[key]);
  return json as ListRow;
}

const departuresOf = (dates: DeparturesJson): DepartureRow[] =>
  (dates ?? []).map(([id, startsAt, seatsTotal, seatsLeft]) => ({
    id,
    startsAt: new Date(startsAt),
    seatsTotal,
    seatsLeft,
  }));

/** The parts of `Related` that listed rows already carry. */
export function relatedOf(rows: (Omit<ListedJson, 'idea'> & { idea: ListRow })[]): Preloaded {
  return {
    coverKeys: new Map(
      rows.flatMap((r) => (r.coverKey && r.idea.coverPhotoId ? [[r.idea.coverPhotoId, r.coverKey] as const] : [])),
    ),
    authors: new Map(rows.map((r) => [r.author.id, r.author])),
    dates: new Map(rows.map((r) => [r.idea.id, departuresOf(r.dates)])),
  };
}

/** An idea's photos and steps as `json_build_array`s of PhotoRow's and StepRow's fields, in their order. */
type PhotosJson = [number, string, number, number, number][] | null;
type StepsJson = [number, number, LocalizedText, LocalizedText, number | null][] | null;

type DetailJson = {
  coverKey: string | null;
  author: AuthorRow | null;
  dates: DeparturesJson;
  photos: PhotosJson;
  steps: StepsJson;
};

// Rendered once (renderedOnce), which also names every column with its table: a statement of one table renders its
// columns bare, and a bare "id" inside these subqueries would be their own table's.
const COVER_KEY_JSON = renderedOnce(sql`(select p.storage_key from ${photos} p where p.id = ${ideas.coverPhotoId})`);
const AUTHOR_JSON = renderedOnce(
  sql`(select ${jsonObject({ id: users.id, hid: users.hid, name: users.name, nameLatin: users.nameLatin, nameZh: users.nameZh, avatarKey: users.avatarKey, profileHid: profiles.hid })}
    from ${users} left join ${profiles} on ${profiles.userId} = ${users.id} where ${users.id} = ${ideas.authorId})`,
);
/** Every future departure, up to its one parameter, the time from which departures count. */
const DATES_JSON_BEFORE_NOW = renderedOnce(
  sql`(select json_agg(json_build_array(d.id, d.starts_at, d.seats_total, d.seats_left) order by d.starts_at)
    from ${ideaDates} d where d.idea_id = ${ideas.id} and d.cancelled_at is null and d.starts_at >= `,
);
const PHOTOS_JSON = renderedOnce(
  sql`(select json_agg(json_build_array(p.id, p.storage_key, p.width, p.height, p.position) order by p.position, p.id)
    from ${photos} p where p.idea_id = ${ideas.id})`,
);
const STEPS_JSON = renderedOnce(
  sql`(select json_agg(json_build_array(s.id, s.position, s.title, s.description, s.duration_minutes) order by s.position, s.id)
    from ${ideaItineraries} s where s.idea_id = ${ideas.id})`,
);

/**
 * What one idea's resource hangs on, as one JSON value of the idea's own statement: its cover's key, its author,
 * every future departure and, when `wants` them, its photos and steps. On the embedded database every statement is
 * work of the server's own process, and an idea page made six of them.
 */
export function detailJson(now: Date, wants: Set<IdeaInclude>) {
  return sql<DetailJson>`json_build_object(
    'coverKey', ${COVER_KEY_JSON},
    'author', ${wants.has('author') ? AUTHOR_JSON : sql`null`},
    'dates', ${DATES_JSON_BEFORE_NOW}${now.toISOString()}),
    'photos', ${wants.has('photos') ? PHOTOS_JSON : sql`null`},
    'steps', ${wants.has('ideaItineraries') ? STEPS_JSON : sql`null`})`;
}

/** Everything `Related` holds for one idea, from its detailJson. */
export function relatedOfDetail(
  { id: ideaId, coverPhotoId }: Pick<IdeaRow, 'id' | 'coverPhotoId'>,
  detail: DetailJson,
): Preloaded {
  return {
    coverKeys: new Map(coverPhotoId !== null && detail.coverKey ? [[coverPhotoId, detail.coverKey]] : []),
    dates: new Map([[ideaId, departuresOf(detail.dates)]]),
    authors: new Map(detail.author ? [[detail.author.id, detail.author]] : []),
    photos: new Map([
      [
        ideaId,
        (detail.photos ?? []).map(([id, storageKey, width, height, position]) => ({
          id,
          storageKey,
          width,
          height,
          position,
        })),
      ],
    ]),
    steps: new Map([
      [
        ideaId,
        (detail.steps ?? []).map(([id, position, title, description, durationMinutes]) => ({
          id,
          position,
          title,
          description,
          durationMinutes,
        })),
      ],
    ]),
  };
}

type DepartureRow = Pick<typeof ideaDates.$inferSelect, 'id' | 'startsAt' | 'seatsTotal' | 'seatsLeft'>;
type PhotoRow = Pick<typeof photos.$inferSelect, 'id' | 'storageKey' | 'width' | 'height' | 'position'>;
type StepRow = Pick<
  typeof ideaItineraries.$inferSelect,
  'id' | 'position' | 'title' | 'description' | 'durationMinutes'
>;
type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'hid' | 'name' | 'nameLatin' | 'nameZh' | 'avatarKey'> & {
  profileHid: string | null;
};

/** What resources are made of besides the idea rows: each map by the id its rows hang on. */
interface Related {
  /** Storage keys by photo id. */
  coverKeys: Map<number, string>;
  /** Future departures, earliest first, by idea id. */
  dates: Map<number, DepartureRow[]>;
  photos: Map<number, PhotoRow[]>;
  steps: Map<number, StepRow[]>;
  /** By user id. */
  authors: Map<number, AuthorRow>;
}

/** What a statement brought along with its rows (listedJson, detailJson): loadRelated reads only the rest. */
export type Preloaded = Partial<Related>;

function groupByIdea<T extends { ideaId: number | null }>(list: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list)
    if (item.ideaId !== null) (map.get(item.ideaId) ?? map.set(item.ideaId, []).get(item.ideaId)!).push(item);
  return map;
}

/** Loads, one query each, the parts of `Related` that `wants` needs and `preloaded` does not carry. */
export async function loadRelated(
  rows: ListRow[],
  wants: Set<IdeaInclude>,
  now: Date,
  preloaded: Preloaded = {},
): Promise<Related> {
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const none = Promise.resolve(undefined);
  const [coverRows, dateRows, photoRows, stepRows, authorRows] = await Promise.all([
    preloaded.coverKeys
      ? none
      : db
          .select({ id: photos.id, storageKey: photos.storageKey })
          .from(photos)
          .where(
            inArray(
              photos.id,
              rows.map((r) => r.coverPhotoId ?? 0),
            ),
          ),
    preloaded.dates
      ? none
      : db
          .select({
            id: ideaDates.id,
            ideaId: ideaDates.ideaId,
            startsAt: ideaDates.startsAt,
            seatsTotal: ideaDates.seatsTotal,
            seatsLeft: ideaDates.seatsLeft,
          })
          .from(ideaDates)
          .where(and(inArray(ideaDates.ideaId, ids), gte(ideaDates.startsAt, now), isNull(ideaDates.cancelledAt)))
          .orderBy(asc(ideaDates.ideaId), asc(ideaDates.startsAt)),
    wants.has('photos') && !preloaded.photos
      ? db.select().from(photos).where(inArray(photos.ideaId, ids)).orderBy(asc(photos.ideaId), asc(photos.position))
      : none,
    wants.has('ideaItineraries') && !preloaded.steps
      ? db
          .select()
          .from(ideaItineraries)
          .where(inArray(ideaItineraries.ideaId, ids))
          .orderBy(asc(ideaItineraries.ideaId), asc(ideaItineraries.position))
      : none,
    wants.has('author') && !preloaded.authors
      ? db
          .select({
            id: users.id,
            hid: users.hid,
            name: users.name,
            nameLatin: users.nameLatin,
            nameZh: users.nameZh,
            avatarKey: users.avatarKey,
            profileHid: profiles.hid,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(
            inArray(
              users.id,
              rows.map((r) => r.authorId),
            ),
          )
      : none,
  ]);
  return {
    coverKeys: preloaded.coverKeys ?? new Map((coverRows ?? []).map((c) => [c.id, c.storageKey])),
    dates: preloaded.dates ?? groupByIdea(dateRows ?? []),
    authors: preloaded.authors ?? new Map((authorRows ?? []).map((a) => [a.id, a])),
    photos: preloaded.photos ?? groupByIdea(photoRows ?? []),
    steps: preloaded.steps ?? groupByIdea(stepRows ?? []),
  };
}
