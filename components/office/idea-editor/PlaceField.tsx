'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useTranslations } from 'next-intl';
import { clientOnly } from '@/components/ui/clientOnly';
import { useId, useState } from 'react';
import { FieldNotes, fieldStyles } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import type { EditorForm } from '@/lib/office/editor';
import officeStyles from '../Office.module.css';
import styles from './IdeaEditor.module.css';

const PlaceSearch = clientOnly(() => import('@/components/places/PlaceSearch').then((m) => m.PlaceSearch));

/** The place: its name and a button that opens the place search in a dialog. */
export function PlaceField({
  place,
  error,
  onChoose,
}: {
  place: EditorForm['place'];
  error?: string;
  onChoose: (place: { id: number; title: string }) => void;
}) {
  const t = useTranslations('office');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label} id={`${id}-label`}>
        {t('editor.fields.place')}
      </span>
      <div className={styles.placeRow}>
        <span className={styles.placeName} id={`${id}-value`}>
          {place?.title ?? t('editor.fields.placeNone')}
        </span>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger
            className={buttonClass('secondary')}
            aria-describedby={`${id}-label ${id}-value${error ? ` ${id}-error` : ''}`}
          >
            {place ? t('editor.fields.placeChange') : t('editor.fields.placeChoose')}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={officeStyles.overlay} />
            <Dialog.Content className={`${officeStyles.dialog} ${styles.placeDialog}`} aria-describedby={undefined}>
              <div className={styles.placeDialogHead}>
                <Dialog.Title className={officeStyles.dialogTitle}>{t('editor.placeDialog.title')}</Dialog.Title>
                <Dialog.Close className={buttonClass('ghost')}>{t('editor.placeDialog.close')}</Dialog.Close>
              </div>
              <PlaceSearch
                selectedId={place?.id ?? null}
                onChoose={(chosen) => {
                  onChoose({ id: chosen.id, title: chosen.title });
                  setOpen(false);
                }}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
      <FieldNotes id={id} error={error} />
    </div>
  );
}
