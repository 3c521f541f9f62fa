'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { fieldStyles } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { move, removeAt } from '@/lib/office/list-edits';
import { EditorCard, type SectionProps } from './parts';
import officeStyles from '../Office.module.css';
import styles from './IdeaEditor.module.css';

/** Photos: the cover, their order, removal and the upload of new ones (stored at once by the API). */
export function PhotosSection({
  form,
  update,
  errorOf,
  uploading,
  onFiles,
}: SectionProps & { uploading: boolean; onFiles: (files: File[]) => void }) {
  const t = useTranslations('office');
  return (
    <EditorCard id="editor-photos" title={t('editor.photosSection')}>
      {form.photos.length === 0 ? <p className={officeStyles.meta}>{t('editor.photos.empty')}</p> : null}
      <ul className={styles.photos}>
        {form.photos.map((photo, index) => {
          const number = index + 1;
          const isCover = form.coverId === photo.id;
          return (
            <li key={photo.id} className={`${styles.photo} ${isCover ? styles.photoCover : ''}`}>
              {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded photo already resized by the server */}
              <img src={photo.url} alt={t('editor.photos.alt', { number })} width={233} height={175} />
              {isCover ? <span className={styles.coverTag}>{t('editor.photos.cover')}</span> : null}
              <div className={styles.photoActions}>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-pressed={isCover}
                  aria-label={t('editor.photos.makeCover', { number })}
                  onClick={() => update('coverId', photo.id)}
                >
                  ★
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  disabled={index === 0}
                  aria-label={t('editor.photos.left', { number })}
                  onClick={() => update('photos', move(form.photos, index, -1))}
                >
                  ←
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  disabled={index === form.photos.length - 1}
                  aria-label={t('editor.photos.right', { number })}
                  onClick={() => update('photos', move(form.photos, index, 1))}
                >
                  →
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('editor.photos.remove', { number })}
                  onClick={() => {
                    const photos = removeAt(form.photos, index);
                    update('photos', photos);
                    // The cover goes with its photo: the first one left takes its place.
                    if (isCover) update('coverId', photos[0]?.id ?? null);
                  }}
                >
                  ✕
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <PhotoUpload busy={uploading} onFiles={onFiles} error={errorOf('photo_ids')} />
    </EditorCard>
  );
}

function PhotoUpload({ busy, onFiles, error }: { busy: boolean; onFiles: (files: File[]) => void; error?: string }) {
  const t = useTranslations('office');
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={`${buttonClass('secondary')} ${styles.uploadLabel}`}>
        {busy ? t('editor.photos.uploading') : `+ ${t('editor.photos.upload')}`}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className={styles.fileInput}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          // Copy first: clearing the input empties its live FileList (so the same file can be chosen again).
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <span id={`${id}-hint`} className={fieldStyles.hint}>
        {t('editor.photos.hint')}
      </span>
      {error ? <span className={fieldStyles.error}>{error}</span> : null}
    </div>
  );
}
