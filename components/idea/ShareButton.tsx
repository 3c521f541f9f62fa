'use client';

import { useTranslations } from 'next-intl';
import { notify } from '@/lib/browser/notify';
import { ShareIcon } from '@/components/ui/icons/ShareIcon';
import { pillClass } from '@/components/ui/button';

/** Shares the idea's address: the system share sheet where there is one, else a copied link. */
export function ShareButton({ title }: { title: string }) {
  const t = useTranslations('idea');
  const share = async () => {
    const url = window.location.href.split('?')[0];
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify('success', t('linkCopied'));
    } catch {
      notify('error', t('shareFailed'));
    }
  };
  return (
    <button type="button" className={pillClass} onClick={() => void share()}>
      <ShareIcon width={18} height={18} />
      {t('share')}
    </button>
  );
}
