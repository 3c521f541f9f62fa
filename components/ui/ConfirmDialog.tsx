'use client';

import type { FormEvent, ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from './button';
import styles from './ConfirmDialog.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  /** The action destroys something (cancel a booking, delete an idea): the way back keeps the focus. */
  danger?: boolean;
  /** Fields the confirmation needs (a reason, say); the dialog is a form, so Enter confirms. */
  children?: ReactNode;
  /**
   * Where focus goes when the dialog closes, when that is not simply the element focused before it opened
   * (a sheet that opened this dialog has gone by then).
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** A question before an action that cannot be undone in one click: delete, cancel, refuse. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  danger = false,
  children,
  returnFocus,
}: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        {/* Without a description Radix must not point aria-describedby at a missing element. */}
        <Dialog.Content
          className={styles.dialog}
          role={danger ? 'alertdialog' : 'dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          {/* The callers check their fields themselves and explain problems in the page's language. */}
          <form onSubmit={submit} className={styles.form} noValidate>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {description ? (
              <Dialog.Description asChild>
                <div className={styles.description}>{description}</div>
              </Dialog.Description>
            ) : null}
            {children}
            <div className={styles.actions}>
              <Dialog.Close type="button" className={buttonClass('secondary')} disabled={busy} autoFocus={danger}>
                {cancelLabel}
              </Dialog.Close>
              <button type="submit" className={buttonClass('primary')} disabled={busy} aria-busy={busy}>
                {confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
