import { useLocale, useTranslations } from 'next-intl';
import type { IdeaResource } from '@/lib/contract/ideas';
import { COVER_SIZE } from '@/lib/constants';
import { optimizedImageProps } from '@/lib/images/optimized';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { FavouriteButton } from '@/components/favourites/FavouriteButton';
import { ApproxPrice } from '@/components/currency/ApproxPrice';
import { formatRating } from '@/lib/reviews/rules';
import type { CardCategory } from './category-map';
import { Avatar } from '@/components/ui/Avatar';
import styles from './IdeaCard.module.css';

/** Cover widths: 1 column under 560 px, 2 to 768, 3 to 1200, 4 above (DESIGN.md grids). */
export const CARD_SIZES =
  '(max-width: 559px) calc(100vw - 32px), (max-width: 767px) 50vw, (max-width: 1199px) 33vw, 290px';

/**
 * Cards of a listing whose covers load ahead of the rest: only the first, the page's largest paint. A phone
 * shows one card, and covers fetched beside it (preloaded by React for every eager image) slowed it down; on
 * a desktop the others of the first row load as soon as layout finds them in view.
 */
export const LISTING_EAGER_CARDS = 1;

export type CoverLoading = 'priority' | 'eager' | 'lazy';

/** The first card of a list is its largest paint; the rest of the first `eagerCards` load eagerly without priority. */
export function coverLoadingAt(index: number, eagerCards: number): CoverLoading {
  if (index === 0) return 'priority';
  return index < eagerCards ? 'eager' : 'lazy';
}

export interface IdeaCardProps {
  idea: IdeaResource;
  /** The category's localized title; its colour class comes from the idea. */
  category?: CardCategory;
  /**
   * How the cover loads: `priority` for the one card that is the page's largest paint (fetched first, preloaded
   * by React), `eager` for the rest of the first viewport, `lazy` below it.
   */
  coverLoading?: CoverLoading;
  sizes?: string;
}

/**
 * DESIGN.md idea card: one link with cover, category tag, title, place, author, next date and price, and the
 * heart beside it (a button cannot sit inside a link). Lists of cards are long, so the card holds no other
 * component than the heart and the tiny approximate price: the link is a plain anchor that its list opens in
 * the app (useLinkNavigation), and the pictures are plain `<img>` with the optimizer's srcset.
 */
export function IdeaCard({ idea, category, coverLoading = 'lazy', sizes = CARD_SIZES }: IdeaCardProps) {
  const t = useTranslations('ideas');
  const tr = useTranslations('reviews');
  const locale = useLocale() as AppLocale;
  const { title, place_title: place, cover_url: cover, next_date: nextDate, rating, reviews_count } = idea.attributes;
  const price = idea.relationships.price?.data;
  const author = idea.relationships.author?.data.attributes;
  return (
    <article className={styles.card} data-category={category?.color}>
      <a href={localizePath(locale, `/go/${idea.hid}`)} className={styles.link}>
        <div className={styles.cover}>
          {cover ? (
            // eslint-disable-next-line @next/next/no-img-element -- optimized: optimizedImageProps gives the optimizer's srcset
            <img
              alt=""
              {...optimizedImageProps({
                src: cover,
                width: COVER_SIZE.width,
                height: COVER_SIZE.height,
                sizes,
                loading: coverLoading === 'lazy' ? 'lazy' : 'eager',
                fetchPriority: coverLoading === 'priority' ? 'high' : undefined,
              })}
            />
          ) : null}
          {category ? <span className={`${styles.tag} cat-${category.color}`}>{category.title}</span> : null}
        </div>
        <div className={styles.body}>
          <h3 className={styles.title}>{title}</h3>
          {place ? <p className={styles.place}>{place}</p> : null}
          {rating != null && reviews_count > 0 ? (
            <p className={styles.rating}>
              <span aria-hidden="true">
                {tr('cardRating', { rating: formatRating(rating, locale), count: reviews_count })}
              </span>
              <span className="visually-hidden">
                {tr('ratingLabel', { rating: formatRating(rating, locale), count: reviews_count })}
              </span>
            </p>
          ) : null}
          <p className={styles.date}>
            {nextDate ? t('nextDate', { date: formatDeparture(nextDate, locale) }) : t('noDates')}
          </p>
          <div className={styles.footer}>
            {author ? (
              <span className={styles.author}>
                <Avatar name={author.name} src={author.image_url} size="card" />
                <span className={styles.authorName}>{author.name}</span>
              </span>
            ) : null}
            {price?.amount != null ? (
              <span className={styles.price}>
                {/* A private idea's price is the whole group's, not a starting price per person. */}
                {t(idea.attributes.format === 'private' ? 'pricePerGroup' : 'priceFrom', {
                  price: formatMoney(price.amount, price.currency, locale),
                })}
                <ApproxPrice amount={price.amount} currency={price.currency} />
              </span>
            ) : (
              <span className={styles.price}>{t('priceOnRequest')}</span>
            )}
          </div>
        </div>
      </a>
      <FavouriteButton id={idea.id} hid={idea.hid} title={title} />
    </article>
  );
}

/**
 * A list's cards, each in its `<li>`: the first `eagerCards` load their covers first (none for a list that is
 * appended below the fold). Rendered by the server for a page's first cards and by the browser for pages
 * loaded later.
 */
export function IdeaCardItems({
  ideas,
  categories,
  eagerCards = 0,
  sizes,
}: {
  ideas: IdeaResource[];
  categories: Map<number, CardCategory>;
  eagerCards?: number;
  sizes?: string;
}) {
  return ideas.map((idea, index) => (
    <li key={idea.id}>
      <IdeaCard
        idea={idea}
        category={idea.attributes.category_id ? categories.get(idea.attributes.category_id) : undefined}
        coverLoading={index < eagerCards ? coverLoadingAt(index, eagerCards) : 'lazy'}
        sizes={sizes}
      />
    </li>
  ));
}
