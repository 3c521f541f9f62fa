import { getTranslations } from 'next-intl/server';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import Image from 'next/image';
import { Breadcrumbs } from '@/components/layout/Breadcrumbs';
import { categoryMap } from '@/components/ideas/category-map';
import { IdeaCardItems } from '@/components/ideas/IdeaCard';
import { RatingSummary } from '@/components/reviews/RatingSummary';
import { ReviewItem } from '@/components/reviews/ReviewItem';
import { hasCyrillic } from '@/lib/i18n/transliterate';
import reviewStyles from '@/components/reviews/Reviews.module.css';
import { AppLink } from '@/components/ui/AppLink';
import { IdeaListing } from '@/components/ideas/IdeaListing';
import { PageData } from '@/components/providers/PageData';
import { guideIdeasState } from '@/lib/server/pages/prefetch';
import styles from '@/components/guide/GuidePage.module.css';
import type { CategoryResource } from '@/lib/contract/catalog';
import { formatSinceMonth } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import { guideStructuredData, jsonLdScript } from '@/lib/seo/structured-data';
import type { Guide } from '@/lib/server/guides/guide';
import { env } from '@/lib/server/platform/env';

/** Paragraphs of a plain-text about text (blank lines separate them). */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

const KNOWN_LANGUAGES = ['ru', 'en', 'zh'] as const;

/**
 * DESIGN.md guide page: large round avatar, name, "на Сопке с …", languages and the rating over all their ideas,
 * the about text, their ideas as the listing's grid of cards, then the latest reviews, each naming its idea.
 */
export async function GuideDetails({
  guide,
  categories,
  locale,
}: {
  guide: Guide;
  categories: CategoryResource[];
  locale: AppLocale;
}) {
  const t = await getTranslations('guide');
  const tf = await getTranslations('filters');
  const tn = await getTranslations('nav');
  const languageName = (code: string) => {
    if (!(KNOWN_LANGUAGES as readonly string[]).includes(code)) return code;
    const name = tf(`languageNames.${code as (typeof KNOWN_LANGUAGES)[number]}`);
    // Inside a Russian sentence a language is written in lower case ("Языки: русский, английский").
    return locale === 'ru' ? name.toLocaleLowerCase('ru') : name;
  };
  const structured = guideStructuredData({
    guide: { ...guide, ideas: guide.ideas.data.map((idea) => ({ hid: idea.hid, title: idea.attributes.title })) },
    locale,
    siteUrl: env().SITE_URL,
    homeTitle: tn('home'),
  });

  return (
    <article className={styles.page}>
      <script
        type="application/ld+json"
        // jsonLdScript escapes `<`, `>` and `&`, so no name or about text can close the element.
        dangerouslySetInnerHTML={{ __html: jsonLdScript(structured) }}
      />
      <Breadcrumbs items={[{ label: guide.name }]} />
      <header className={styles.header}>
        {guide.imageUrl ? (
          <Image src={guide.imageUrl} alt="" width={128} height={128} className={styles.avatar} priority />
        ) : (
          <span className={styles.avatarFallback} aria-hidden="true">
            {guide.name.slice(0, 1)}
          </span>
        )}
        <div className={styles.identity}>
          <p className={styles.role}>{t('role')}</p>
          <h1 className={styles.name}>
            {guide.name}
            {/* The name as the guide wrote it, beside its spelling in the page's script. */}
            {guide.originalName !== guide.name ? (
              <>
                {' '}
                <span className={styles.originalName}>
                  <span aria-hidden="true">· </span>
                  <span lang={hasCyrillic(guide.originalName) ? 'ru' : undefined}>{guide.originalName}</span>
                </span>
              </>
            ) : null}
          </h1>
          <p className={styles.since}>{t('since', { since: formatSinceMonth(guide.since, locale) })}</p>
          {guide.languages.length ? (
            <p className={styles.languages}>
              {t('languages', { languages: guide.languages.map(languageName).join(t('languageSeparator')) })}
            </p>
          ) : null}
          {guide.rating !== null ? <RatingSummary rating={guide.rating} count={guide.reviewsCount} /> : null}
        </div>
      </header>

      {guide.about ? (
        <section aria-labelledby="guide-about" className={styles.about}>
          <h2 id="guide-about">{t('about')}</h2>
          {paragraphs(guide.about).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ) : null}

      <div className={styles.ideas}>
        <PageData state={guideIdeasState(locale, guide.hid, guide.ideas, categories)}>
          <AreaMessages area="guide">
            <IdeaListing
              guideHid={guide.hid}
              firstPage={{
                heading: t('ideas', { count: guide.ideas.meta.total }),
                // Below the header and the about text: the avatar loads first, the covers as they come into view.
                cards: <IdeaCardItems ideas={guide.ideas.data} categories={categoryMap(categories)} />,
              }}
            />
          </AreaMessages>
        </PageData>
      </div>

      {guide.latestReviews.length ? (
        <section aria-labelledby="guide-reviews" className={reviewStyles.section}>
          <h2 id="guide-reviews">{t('latestReviews')}</h2>
          <ul className={reviewStyles.list}>
            {guide.latestReviews.map(({ review, idea }) => (
              <li key={review.hid} className={styles.review}>
                <p className={styles.reviewOf}>
                  {t('reviewOf')} <AppLink href={`/go/${idea.hid}`}>{idea.title}</AppLink>
                </p>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
