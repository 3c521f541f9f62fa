'use client';

import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { notify } from '@/lib/browser/notify';
import { AppLink } from '@/components/ui/AppLink';
import { ChevronDownIcon } from '@/components/ui/icons/ChevronDownIcon';
import { UserIcon } from '@/components/ui/icons/UserIcon';
import { useAppStore, useSessionActions } from '@/components/providers/AppStoreProvider';
import { useRouter } from '@/lib/i18n/navigation';
import styles from './AuthMenu.module.css';

/** Avatar from `image_url` (or a default icon) opening account, office and logout (SPEC section 2). */
export function UserMenu() {
  const t = useTranslations('auth');
  const tNav = useTranslations('nav');
  const user = useAppStore((s) => s.user);
  const { logout: endSession } = useSessionActions();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const logout = async () => {
    setOpen(false);
    await endSession();
    notify('success', t('logout'), { description: t('logoutSuccess') });
    router.push('/');
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={styles.trigger} aria-label={t('userMenu', { name: user.attributes.name })}>
        {user.attributes.image_url ? (
          // eslint-disable-next-line @next/next/no-img-element -- avatars come from our upload route at their final size
          <img className={styles.avatar} src={user.attributes.image_url} alt="" width={38} height={38} />
        ) : (
          <span className={styles.avatar}>
            <UserIcon width={22} height={22} />
          </span>
        )}
        <ChevronDownIcon width={16} height={16} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.menu} align="end" sideOffset={8}>
          <div className={styles.userName}>{user.attributes.name}</div>
          <ul className={styles.menuList}>
            <li>
              <AppLink className={styles.menuItem} href="/account" onClick={() => setOpen(false)}>
                {tNav('account')}
              </AppLink>
            </li>
            <li>
              <AppLink className={styles.menuItem} href="/office" onClick={() => setOpen(false)}>
                {tNav('office')}
              </AppLink>
            </li>
            <li>
              <button type="button" className={styles.menuItem} onClick={() => void logout()}>
                {t('logoutAction')}
              </button>
            </li>
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
