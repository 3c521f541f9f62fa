import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/layout/Breadcrumbs';
import type { StaticPageKey } from '@/lib/seo/static-pages';
import styles from './StaticArticle.module.css';

interface Section {
  heading: string;
  paragraphs: string[];
}

/** A list from the messages: precompiled catalogs (next.config.ts) keep arrays as objects keyed 0, 1, 2 … */
const list = <T,>(value: T[] | Record<string, T>): T[] => Object.values(value);

/** A long-form page (policy, about, guide) whose text lives in messages under `staticPages.<page>`. */
export async function StaticArticle({ page }: { page: StaticPageKey }) {
  const t = await getTranslations(`staticPages.${page}`);
  const sections = list(t.raw('sections') as Section[]).map((section) => ({
    ...section,
    paragraphs: list(section.paragraphs),
  }));
  return (
    <article className={styles.article}>
      <Breadcrumbs items={[{ label: t('title') }]} />
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.updated}>{t('updated')}</p>
      <p className={styles.intro}>{t('intro')}</p>
      <nav aria-label={t('title')} className={styles.toc}>
        <ol>
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#section-${index + 1}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.heading} id={`section-${index + 1}`} className={styles.section}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
