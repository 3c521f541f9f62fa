import { AppLink } from './AppLink';
import { buttonClass } from './button';
import styles from './EmptyList.module.css';

/** What an account list shows when it has nothing yet: what is missing, why, and where to find something. */
export function EmptyList({
  title,
  lead,
  action,
}: {
  title: string;
  lead: string;
  action: { href: string; label: string };
}) {
  return (
    <div className={styles.empty}>
      <h2>{title}</h2>
      <p>{lead}</p>
      <AppLink href={action.href} className={buttonClass('primary')}>
        {action.label}
      </AppLink>
    </div>
  );
}
