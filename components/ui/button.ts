import styles from './Button.module.css';

/** `chip`: an outlined pill in ink, for filters and toggles. */
type Variant = 'primary' | 'secondary' | 'chip' | 'ghost';

/** Class names for a button or a link that looks like one. `block` makes it full-width on small phones. */
export function buttonClass(variant: Variant = 'primary', { block = false }: { block?: boolean } = {}): string {
  return [styles.button, styles[variant], block ? styles.block : ''].filter(Boolean).join(' ');
}

/** The outlined pill of a small action beside the content (share, locate me). */
export const pillClass = styles.pill;
