'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import styles from './Office.module.css';

/** Asks before deleting an idea; the confirm button reports progress while the call runs. */
export function DeleteIdeaDialog({ title, open, busy, onOpenChange, onConfirm }: { title: string; open: boolean; busy: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  const t = useTranslations('office');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} role="alertdialog">
          <Dialog.Title className={styles.dialogTitle}>{t('deleteDialog.title')}</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>{t('deleteDialog.text', { title })}</Dialog.Description>
          <div className={styles.dialogActions}>
            <Dialog.Close className={buttonClass('secondary')}>{t('deleteDialog.cancel')}</Dialog.Close>
            <button type="button" className={`${buttonClass('primary')} ${styles.danger}`} onClick={onConfirm} disabled={busy}>
              {busy ? t('deleting') : t('deleteDialog.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
