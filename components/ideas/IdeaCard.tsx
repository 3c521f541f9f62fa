import Image from 'next/image';
import { useLocale, useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import type { IdeaResource } from '@/lib/api/schemas/ideas';
import { COVER_SIZE } from '@/lib/constants';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './IdeaCard.module.css';

/** Cover widths: 1 column under 560 px, 2 to 768, 3 to 1200, 4 above (DESIGN.md grids). */
export const CARD_SIZES = '(max-width: 559px) calc(100vw - 32px), (max-width: 767px) 50vw, (max-width: 1199px) 33vw, 290px';

export type CoverLoading = 'priority' | 'eager' | 'lazy';

/** The first card of a list is its largest paint; the rest of the first `eagerCards` load eagerly without priority. */
export function coverLoadingAt(index: number, eagerCards: number): CoverLoading {
  if (index === 0) return 'priority';
  return index < eagerCards ? 'eager' : 'lazy';
}

export interface IdeaCardProps {
  idea: IdeaResource;
  /** The category's localized title; its colour class comes from the idea. */
  category?: { title: string; color: number };
  /**
   * How the cover loads: `priority` for the one card that is the page's largest paint (fetched first, preloaded
   * by React), `eager` for the rest of the first viewport, `lazy` below it.
   */
  coverLoading?: CoverLoading;
  sizes?: string;
}

/** DESIGN.md idea card: one link with cover, category tag, title, place, author, next date and price. */
export function IdeaCard({ idea, category, coverLoading = 'lazy', sizes = CARD_SIZES }: IdeaCardProps) {
  const t = useTranslations('ideas');
  const locale = useLocale() as AppLocale;
  const { title, place_title: place, cover_url: cover, next_date: nextDate } = idea.attributes;
  const price = idea.relationships.price?.data;
  const author = idea.relationships.author?.data.attributes;
  return (
    <article className={styles.card} data-category={category?.color}>
      <AppLink href={`/go/${idea.hid}`} className={styles.link}>
        <div className={styles.cover}>
          {cover ? (
            <Image src={cover} alt="" width={COVER_SIZE.width} height={COVER_SIZE.height} sizes={sizes} loading={coverLoading === 'lazy' ? 'lazy' : 'eager'} fetchPriority={coverLoading === 'priority' ? 'high' : undefined} />
          ) : null}
          {category ? <span className={`${styles.tag} cat-${category.color}`}>{category.title}</span> : null}
        </div>
        <div className={styles.body}>
          <h3 className={styles.title}>{title}</h3>
          {place ? <p className={styles.place}>{place}</p> : null}
          <p className={styles.date}>{nextDate ? t('nextDate', { date: formatDeparture(nextDate, locale) }) : t('noDates')}</p>
          <div className={styles.footer}>
            {author ? (
              <span className={styles.author}>
                {author.image_url ? (
                  <Image src={author.image_url} alt="" width={28} height={28} className={styles.avatar} />
                ) : (
                  <span className={styles.avatarFallback} aria-hidden="true">{author.name.slice(0, 1)}</span>
                )}
                <span className={styles.authorName}>{author.name}</span>
              </span>
            ) : null}
            <span className={styles.price}>
              {price?.amount != null ? t('priceFrom', { price: formatMoney(price.amount, price.currency, locale) }) : t('priceOnRequest')}
            </span>
          </div>
        </div>
      </AppLink>
    </article>
  );
}

/** A card-sized placeholder while a page of ideas loads (no layout shift). */
export function IdeaCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.cover} ${styles.skeleton}`} />
      <div className={styles.body}>
        <div className={`${styles.skeletonLine} ${styles.skeleton}`} />
        <div className={`${styles.skeletonLine} ${styles.skeletonShort} ${styles.skeleton}`} />
      </div>
    </div>
  );
}
