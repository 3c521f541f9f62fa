'use client';

import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { CloseIcon } from './icons/CloseIcon';
import styles from './OverlayPanel.module.css';

/** The panel's own look; a sheet's overlay, title and close button look alike everywhere. */
export interface OverlayPanelClassNames {
  content: string;
  /** A sheet header's spacing. */
  header?: string;
}

export interface OverlayPanelProps {
  /** `sheet`: a modal dialog with a title and a close button; `popover`: a panel placed under its trigger. */
  kind: 'sheet' | 'popover';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page's own button that opens the panel: a popover is placed by it, and focus returns to it on close. */
  trigger: RefObject<HTMLElement | null>;
  title: string;
  closeLabel: string;
  /** Esc or a click outside; the panel then closes through `onOpenChange(false)`. */
  onDismiss?: () => void;
  classNames: OverlayPanelClassNames;
  children: ReactNode;
}

/**
 * A filter's dialog or popover (Radix). It is loaded only when a visitor first reaches for a filter
 * (LazyOverlayPanel), so the trigger lives on the page, outside Radix: this panel anchors to it, gives focus
 * back to it, and leaves a click on it to the trigger's own toggle.
 */
export default function OverlayPanel({
  kind,
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  onDismiss,
  classNames,
  children,
}: OverlayPanelProps) {
  const returnFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
  const onInteractOutside = (event: { target: EventTarget | null; preventDefault: () => void }) => {
    if (event.target instanceof Node && trigger.current?.contains(event.target)) event.preventDefault();
    else onDismiss?.();
  };

  if (kind === 'popover') {
    return (
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Anchor virtualRef={trigger} />
        <Popover.Portal>
          <Popover.Content
            className={classNames.content}
            align="start"
            sideOffset={8}
            aria-label={title}
            onEscapeKeyDown={onDismiss}
            onInteractOutside={onInteractOutside}
            onCloseAutoFocus={returnFocus}
          >
            {children}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={classNames.content}
          aria-describedby={undefined}
          onEscapeKeyDown={onDismiss}
          onInteractOutside={onInteractOutside}
          onCloseAutoFocus={returnFocus}
        >
          <div className={`${styles.header} ${classNames.header ?? ''}`}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={closeLabel}>
              <CloseIcon width={20} height={20} />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
