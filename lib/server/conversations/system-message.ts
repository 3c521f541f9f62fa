import 'server-only';
import { createTranslator } from 'next-intl';
import type { SystemEvent } from '@/lib/conversations/system-messages';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import en from '@/messages/en.json';
import cn from '@/messages/cn.json';
import ru from '@/messages/ru.json';
import type { Tx } from '../db';
import { formatWhen } from '../mail/render';
import { openConversation, postMessage } from './post-message';

const MESSAGES = { ru, en, zh: cn } as const;
const translators = new Map<TextLanguage, (key: string, values?: Record<string, string>) => string>();

function translator(language: TextLanguage) {
  let t = translators.get(language);
  if (!t) {
    const translate = createTranslator({
      locale: language === 'zh' ? 'zh-CN' : language,
      messages: MESSAGES[language],
    });
    t = (key, values) => translate(key as never, values as never);
    translators.set(language, t);
  }
  return t;
}

/** A system message as its reader's language says it; an unknown type reads as "the booking changed". */
export function systemMessageText(event: SystemEvent | null | undefined, language: TextLanguage): string {
  const t = translator(language);
  const known = event && Object.hasOwn(MESSAGES[language].systemMessages, event.type);
  // A private booking's time (`start`, an instant) reads in Vladivostok time, in the reader's language.
  const when = typeof event?.start === 'string' ? formatWhen(new Date(event.start), language) : '';
  const text = known ? t(`systemMessages.${event.type}`, { when }) : t('systemMessages.unknown');
  return event?.reason ? t('systemMessages.withReason', { text, reason: event.reason }) : text;
}

/**
 * In the transaction of a booking's change: the pair's conversation (opened if they never wrote) gets a system
 * message naming the change, drawn per reader's language from `event` (the `systemMessages` messages). The
 * stored text is the Russian rendering, for moderators and exports. Call `eventsRecorded()` after the commit.
 */
export async function postBookingSystemMessage(
  tx: Tx,
  pair: { ideaId: number; travellerId: number; guideId: number },
  booking: { id: number; hid: string },
  event: { type: string; reason?: string; [key: string]: unknown },
) {
  const conversation = await openConversation(tx, pair);
  const full: SystemEvent = { ...event, bookingHid: booking.hid };
  await postMessage(tx, conversation, {
    senderId: null,
    kind: 'system',
    text: systemMessageText(full, 'ru'),
    event: full,
    bookingId: booking.id,
  });
  return conversation;
}
