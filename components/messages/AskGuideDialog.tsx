'use client';

import { useState, type FormEvent } from 'react';
import { isAxiosError } from 'axios';
import * as Dialog from '@radix-ui/react-dialog';
import { useLocale, useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons/CloseIcon';
import { askGuide } from '@/lib/api/conversations';
import { MESSAGE_TEXT_MAX } from '@/lib/conversations/message-rules';
import styles from './AskGuideDialog.module.css';

/** The question form: posts the first message (or the next one) and then links to the thread. */
export function AskGuideDialog({ ideaHid, onClose }: { ideaHid: string; onClose: () => void }) {
  const t = useTranslations('conversations');
  const locale = useLocale();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [thread, setThread] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      setThread(await askGuide(locale, ideaHid, text));
    } catch (failure) {
      const status = isAxiosError(failure) ? failure.response?.status : undefined;
      setError(status === 429 ? t('tooMany') : status === 403 ? t('blocked') : t('sendFailed'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.header}>
            <Dialog.Title className={styles.title}>{t('askTitle')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          {thread ? (
            <div className={styles.body}>
              <p role="status">{t('askSent')}</p>
              <AppLink href={`/account/messages/${thread}`} className={buttonClass('primary', { block: true })}>
                {t('openThread')}
              </AppLink>
            </div>
          ) : (
            <form className={styles.body} onSubmit={(e) => void submit(e)}>
              <Dialog.Description className={styles.lead}>{t('askLead')}</Dialog.Description>
              <label htmlFor="ask-text" className={styles.label}>
                {t('askLabel')}
              </label>
              <textarea
                id="ask-text"
                className={styles.textarea}
                rows={5}
                maxLength={MESSAGE_TEXT_MAX}
                value={text}
                placeholder={t('askPlaceholder')}
                onChange={(e) => setText(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'ask-error' : undefined}
              />
              {error ? (
                <p id="ask-error" role="alert" className={styles.error}>
                  {error}
                </p>
              ) : null}
              <button
                type="submit"
                className={buttonClass('primary', { block: true })}
                disabled={sending || !text.trim()}
              >
                {t('askSend')}
              </button>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
