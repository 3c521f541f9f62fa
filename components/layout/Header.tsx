import { Logo } from '@/components/ui/Logo';
import { AuthMenu } from './AuthMenu';
import { HeaderBackButton } from './HeaderBackButton';
import { HeaderFilterSlot } from './HeaderFilterSlot';
import { SettingsMenu } from './SettingsMenu';
import styles from './Header.module.css';

export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <HeaderBackButton />
        <Logo />
        <div className={styles.slot}>
          <HeaderFilterSlot />
        </div>
        <SettingsMenu />
        <AuthMenu />
      </div>
    </header>
  );
}
