import { getTranslations } from 'next-intl/server';
import { paymentTerms } from '@/lib/server/payments/payment-terms';
import { bookableIdeaOf } from '@/lib/bookings/bookable-idea';
import { Breadcrumbs } from '@/components/layout/Breadcrumbs';
import type { IdeaResource } from '@/lib/contract/ideas';
import { formatDeparture, formatDuration } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { textLanguageOf } from '@/lib/i18n/text-languages';
import { listingHref } from '@/lib/listing/filters';
import { env } from '@/lib/server/platform/env';
import { REVIEWS_PAGE_SIZE } from '@/lib/contract/review-rules';
import { reviewsPageOf } from '@/lib/server/reviews/review-queries';
import { ReviewsIsland } from '@/components/reviews/ReviewsIsland';
import { pagesOf, ReviewsView } from '@/components/reviews/ReviewsView';
import { formatRating } from '@/lib/reviews/rules';
import { guidePath, ideaStructuredData, jsonLdScript } from '@/lib/seo/structured-data';
import { AppLink } from '@/components/ui/AppLink';
import { Avatar } from '@/components/ui/Avatar';
import { AskGuide } from '@/components/idea/AskGuide';
import { BookingPanel } from '@/components/idea/BookingPanel';
import { PrivateBookingPanel } from '@/components/idea/PrivateBookingPanel';
import { IdeaGallery } from '@/components/idea/IdeaGallery';
import { ShareButton } from '@/components/idea/ShareButton';
import { FavouriteButton } from '@/components/favourites/FavouriteButton';
import { ApproxPrice } from '@/components/currency/ApproxPrice';
import styles from '@/components/idea/IdeaPage.module.css';
import { IdeaTerms } from './IdeaTerms';

/** Paragraphs of a plain-text description (blank lines separate them). */
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * The idea page body: gallery, title, category, place, author, facts, description, itinerary, dates with
 * seats left, terms and the booking panel: on desktop beside the gallery and the text from the top and sticky,
 * on phones a bottom bar.
 */
export async function IdeaDetails({ idea, locale }: { idea: IdeaResource; locale: AppLocale }) {
  const t = await getTranslations('idea');
  const tf = await getTranslations('filters');
  const tr = await getTranslations('reviews');
  const { attributes: a, relationships: r } = idea;
  const category = r.category?.data;
  const price = r.ideaPrice?.data ?? r.price?.data;
  const params = r.bookingParams?.data;
  const author = r.author?.data.attributes;
  const authorHid = r.author?.data.hid;
  const dates = r.futureDates?.data ?? [];
  const steps = r.ideaItineraries?.data ?? [];
  const photos = (r.photos?.data ?? []).map((p) => ({
    id: p.id,
    src: p.attributes.large_url,
    width: p.attributes.width,
    height: p.attributes.height,
  }));
  const money = (amount: number) => formatMoney(amount, price?.currency ?? 'RUB', locale);
  // The first page of reviews is part of the cached page; a new or hidden review invalidates it (ideaChanged).
  const reviews = await reviewsPageOf(
    { id: idea.id, rating: idea.attributes.rating, count: idea.attributes.reviews_count },
    1,
    REVIEWS_PAGE_SIZE,
    textLanguageOf(locale),
  );
  const languageName = (code: string) =>
    ['ru', 'en', 'zh'].includes(code) ? tf(`languageNames.${code as 'ru' | 'en' | 'zh'}`) : code;

  return (
    <article className={styles.page}>
      <script
        type="application/ld+json"
        // jsonLdScript escapes `<`, `>` and `&`, so no title or description can close the element.
        dangerouslySetInnerHTML={{
          __html: jsonLdScript(
            ideaStructuredData({
              idea,
              locale,
              siteUrl: env().SITE_URL,
              listingTitle: t('breadcrumbList'),
              reviews: reviews.data,
            }),
          ),
        }}
      />
      <Breadcrumbs
        items={[
          { label: t('breadcrumbList'), href: '/go' },
          ...(category ? [{ label: category.title, href: listingHref({ category_id: String(category.id) }) }] : []),
          { label: a.title },
        ]}
      />
      <div className={styles.layout}>
        <div className={styles.column}>
          <IdeaGallery photos={photos} title={a.title} />
          <div className={styles.main}>
            <header className={styles.header}>
              {category ? <span className={`${styles.category} cat-${category.color}`}>{category.title}</span> : null}
              <h1 className={styles.title}>{a.title}</h1>
              <p className={styles.place}>{a.place_title}</p>
              {a.rating != null && a.reviews_count > 0 ? (
                <p className={styles.place}>
                  <a href="#reviews-section">
                    ★ {formatRating(a.rating, locale)} · {tr('count', { count: a.reviews_count })}
                  </a>
                </p>
              ) : null}
              <div className={styles.actions}>
                <FavouriteButton id={idea.id} hid={idea.hid} title={a.title} variant="page" />
                <ShareButton title={a.title} />
              </div>
            </header>

            <section aria-labelledby="facts" className={styles.section}>
              <h2 id="facts" className="visually-hidden">
                {t('facts')}
              </h2>
              <dl className={styles.facts}>
                {a.duration_minutes ? (
                  <div>
                    <dt>{t('duration')}</dt>
                    <dd>{formatDuration(a.duration_minutes, locale)}</dd>
                  </div>
                ) : null}
                {a.languages.length ? (
                  <div>
                    <dt>{t('languages')}</dt>
                    <dd>{a.languages.map(languageName).join(', ')}</dd>
                  </div>
                ) : null}
                {params ? (
                  <div>
                    <dt>{t('groupSize')}</dt>
                    <dd>
                      {t('groupSizeValue', { min: params.min_persons, max: params.max_persons })}
                      <br />
                      {params.children_allowed ? t('childrenAllowed') : t('adultsOnly')}
                    </dd>
                  </div>
                ) : null}
                {price?.amount != null ? (
                  <div>
                    <dt>{t('price')}</dt>
                    <dd>
                      <strong>{money(price.amount)}</strong> {a.format === 'private' ? t('perGroup') : t('perPerson')}
                      <ApproxPrice amount={price.amount} currency={price.currency} />
                      {r.ideaPrice?.data.child_amount != null ? (
                        <>
                          <br />
                          {t('childPrice', { price: money(r.ideaPrice.data.child_amount) })}
                        </>
                      ) : null}
                    </dd>
                  </div>
                ) : null}
              </dl>
              {r.ideaPrice?.data.includes ? (
                <p className={styles.includes}>
                  <strong>{t('includes')}:</strong> {r.ideaPrice.data.includes}
                </p>
              ) : null}
            </section>

            {author ? (
              <section aria-labelledby="author" className={styles.author}>
                <Avatar name={author.name} src={author.image_url} size="page" />
                <div>
                  <h2 id="author" className={styles.authorLabel}>
                    {t('author')}
                  </h2>
                  <p className={styles.authorName}>
                    {authorHid ? <AppLink href={guidePath(authorHid)}>{author.name}</AppLink> : author.name}
                  </p>
                  <AskGuide ideaHid={idea.hid} authorId={r.author?.data.id ?? 0} />
                </div>
              </section>
            ) : null}

            {a.description ? (
              <section aria-labelledby="about" className={styles.section}>
                <h2 id="about">{t('about')}</h2>
                {paragraphs(a.description).map((p, i) => (
                  <p key={i}>{p}</p>
                ))}
              </section>
            ) : null}

            {steps.length ? (
              <section aria-labelledby="itinerary" className={styles.section}>
                <h2 id="itinerary">{t('itinerary')}</h2>
                <ol className={styles.itinerary}>
                  {steps.map((step) => (
                    <li key={step.id}>
                      <h3>{step.attributes.title}</h3>
                      {step.attributes.duration_minutes ? (
                        <p className={styles.stepDuration}>
                          {formatDuration(step.attributes.duration_minutes, locale)}
                        </p>
                      ) : null}
                      {step.attributes.description ? <p>{step.attributes.description}</p> : null}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            <IdeaTerms attributes={a} />

            <section aria-labelledby="dates" className={styles.section}>
              <h2 id="dates">{t('dates')}</h2>
              {dates.length ? (
                <ul className={styles.dates}>
                  {dates.map((d) => (
                    <li key={d.id}>
                      <time dateTime={d.attributes.starts_at}>
                        {formatDeparture(d.attributes.starts_at, locale, { withWeekday: true })}
                      </time>
                      <span className={d.attributes.seats_left > 0 ? styles.seats : styles.soldOut}>
                        {d.attributes.seats_left > 0
                          ? t('seatsLeft', { count: d.attributes.seats_left })
                          : t('soldOut')}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p>{t('noDates')}</p>
              )}
            </section>

            <ReviewsIsland ideaHid={idea.hid} authorId={r.author?.data.id ?? 0} initial={reviews}>
              <ReviewsView meta={reviews.meta} shown={{ language: null, reviews: reviews.data, ...pagesOf(reviews) }} />
            </ReviewsIsland>
          </div>
        </div>
        <aside className={styles.aside}>
          {idea.attributes.format === 'private' ? (
            <PrivateBookingPanel idea={bookableIdeaOf(idea)} payment={paymentTerms()} />
          ) : (
            <BookingPanel idea={bookableIdeaOf(idea)} payment={paymentTerms()} />
          )}
        </aside>
      </div>
    </article>
  );
}
