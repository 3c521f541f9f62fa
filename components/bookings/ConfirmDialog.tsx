'use client';

import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from '@/components/ui/button';
import styles from './ConfirmDialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /** The confirming action is destructive (cancel a booking): the quiet button keeps the focus. */
  danger?: boolean;
}

/** A modal question with one action and a way back (Esc, the overlay or the second button close it). */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, cancelLabel, onConfirm, busy = false, danger = false }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className={styles.body}>{children}</div>
          </Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close className={buttonClass('secondary')} disabled={busy} autoFocus={danger}>
              {cancelLabel}
            </Dialog.Close>
            <button type="button" className={buttonClass('primary')} onClick={onConfirm} disabled={busy} autoFocus={!danger}>
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
