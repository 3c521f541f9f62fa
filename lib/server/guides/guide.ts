import 'server-only';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { ideasQuery } from '@/lib/contract/ideas';
import { guideIdeasParams } from '@/lib/listing/params';
import type { Page } from '@/lib/listing/pagination';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { IdeaResource } from '@/lib/contract/ideas';
import type { ReviewResource } from '@/lib/contract/reviews';
import { getDb } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { displayName } from '@/lib/i18n/display-name';
import { ideas, profiles, reviews, users } from '../db/schema';
import { listAuthorIdeas } from '../ideas/query';
import { mediaUrl } from '../platform/storage';
import { reviewResources } from '../reviews/review-resource';

/** The latest reviews a guide page shows; the rest are on each idea's page. */
export const GUIDE_REVIEWS_LIMIT = 4;

/** What `/authors/{hid}` shows: the author's public profile and their published ideas as listing cards. */
export interface Guide {
  hid: string;
  /** The name as the page's language writes it (lib/i18n/display-name.ts). */
  name: string;
  /** The name as the guide entered it, which the page shows beside `name` when they differ. */
  originalName: string;
  imageUrl: string | null;
  about: string;
  /** When the account was made: the page says "on Sopka since" its month and year. */
  since: Date;
  /** The languages their published ideas are held in (codes as in ideas: ru, en, zh), sorted. */
  languages: string[];
  /**
   * The first page of their published ideas, a listing's page: the page renders these and the browser loads the
   * next ones on "show more" (a hundred cards made the page half a megabyte and five times the work to render).
   */
  ideas: Page<IdeaResource>;
  /** Average of the visible reviews of all their published ideas (one decimal), null without reviews. */
  rating: number | null;
  reviewsCount: number;
  /** The newest visible reviews of their published ideas, each with the idea it is about. */
  latestReviews: { review: ReviewResource; idea: { hid: string; title: string } }[];
  /** The latest change to the profile or to one of the ideas (the sitemap's lastmod, the page's freshness). */
  updatedAt: Date;
}

const published = () => and(eq(ideas.status, 'published'), isNull(ideas.deletedAt))!;

/**
 * The guide behind a user's hid, or null when there is none: an unknown hid, or a user without a published
 * idea (only authors have a public page; a traveller's account stays private).
 */
export async function getGuide(hid: string, language: TextLanguage, now = new Date()): Promise<Guide | null> {
  const parsed = parseIdOrHid(hid);
  if (parsed?.kind !== 'hid') return null;
  const db = await getDb();
  const [row] = await db
    .select({
      user: users,
      about: profiles.about,
      profileUpdatedAt: profiles.updatedAt,
      languages: sql<
        string[] | null
      >`(select array_agg(distinct lang order by lang) from ${ideas}, unnest(${ideas.languages}) as lang where ${ideas.authorId} = ${users.id} and ${published()})`,
      ideasUpdatedAt: sql<
        string | null
      >`(select max(${ideas.updatedAt}) from ${ideas} where ${ideas.authorId} = ${users.id} and ${published()})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.hid, parsed.hid));
  if (!row) return null;
  const list = await listAuthorIdeas(row.user.id, ideasQuery.parse(guideIdeasParams()), language, null, now);
  if (list.meta.total === 0) return null;
  const reviewed = and(eq(ideas.authorId, row.user.id), published(), isNull(reviews.hiddenAt));
  const [[summary], latest] = await Promise.all([
    db
      .select({
        rating: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float8`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .innerJoin(ideas, eq(ideas.id, reviews.ideaId))
      .where(reviewed),
    db
      .select({ review: reviews, ideaHid: ideas.hid, ideaTitle: ideas.title })
      .from(reviews)
      .innerJoin(ideas, eq(ideas.id, reviews.ideaId))
      .where(reviewed)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(GUIDE_REVIEWS_LIMIT),
  ]);
  const latestResources = await reviewResources(
    latest.map((r) => r.review),
    language,
  );
  const changes = [row.user.updatedAt, row.profileUpdatedAt, row.ideasUpdatedAt ? new Date(row.ideasUpdatedAt) : null];
  return {
    hid: row.user.hid,
    name: displayName(row.user, language),
    originalName: row.user.name,
    imageUrl: row.user.avatarKey ? mediaUrl(row.user.avatarKey) : null,
    about: row.about ? pick(row.about, language) : '',
    since: row.user.createdAt,
    languages: row.languages ?? [],
    ideas: list,
    rating: summary.count > 0 ? summary.rating : null,
    reviewsCount: summary.count,
    latestReviews: latest.map((r, i) => ({
      review: latestResources[i],
      idea: { hid: r.ideaHid, title: pick(r.ideaTitle, language) },
    })),
    updatedAt: new Date(Math.max(...changes.filter((d): d is Date => d !== null).map((d) => d.getTime()))),
  };
}

/** Every author with a published idea, for the sitemap: the hid and the latest change to their page. */
export async function sitemapGuides(): Promise<{ hid: string; updatedAt: Date }[]> {
  const db = await getDb();
  const rows = await db
    .select({
      hid: users.hid,
      userUpdatedAt: users.updatedAt,
      profileUpdatedAt: sql<string | null>`max(${profiles.updatedAt})`,
      ideasUpdatedAt: sql<string>`max(${ideas.updatedAt})`,
    })
    .from(users)
    .innerJoin(ideas, eq(ideas.authorId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(published())
    .groupBy(users.id)
    .orderBy(users.id);
  return rows.map((r) => ({
    hid: r.hid,
    updatedAt: new Date(
      Math.max(
        r.userUpdatedAt.getTime(),
        r.profileUpdatedAt ? new Date(r.profileUpdatedAt).getTime() : 0,
        new Date(r.ideasUpdatedAt).getTime(),
      ),
    ),
  }));
}
