import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons/ChevronDownIcon';
import { SendIcon } from '@/components/ui/icons/SendIcon';
import { CurrencySelect } from '@/components/currency/CurrencySelect';
import { LocaleSwitcher } from './LocaleSwitcher';
import styles from './Footer.module.css';

/** SPEC section 2: a collapsible intro block with a messenger button, and the policy link. */
export function Footer({ messengerUrl }: { messengerUrl: string }) {
  const t = useTranslations('footer');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <details className={styles.intro} data-testid="footer-intro">
          <summary className={styles.summary}>
            <span>{t('introTitle')}</span>
            <ChevronDownIcon className={styles.chevron} width={20} height={20} />
          </summary>
          <div className={styles.introBody}>
            <p>{t('introText')}</p>
            <a className={buttonClass('secondary')} href={messengerUrl} target="_blank" rel="noopener noreferrer">
              <SendIcon width={18} height={18} />
              {t('writeUs')}
            </a>
          </div>
        </details>
        <div className={styles.bottom}>
          <nav className={styles.links} aria-label={t('linksLabel')}>
            <AppLink href="/info/infoAbout">{t('about')}</AppLink>
            <AppLink href="/pages/ecoTravel">{t('eco')}</AppLink>
            <AppLink href="/info/confidential-policy">{t('privacy')}</AppLink>
          </nav>
          <div className={styles.choices}>
            <LocaleSwitcher />
            <CurrencySelect />
          </div>
        </div>
        <p className={styles.copy}>{t('copyright', { year: 2026 })}</p>
      </div>
    </footer>
  );
}
