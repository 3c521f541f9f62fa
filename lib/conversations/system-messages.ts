import type { TextLanguage } from '@/lib/i18n/text-languages';

/** What a system message records (messages.event): its type names an entry of SYSTEM_MESSAGES. */
export interface SystemEvent {
  type: string;
  bookingHid?: string;
  reason?: string;
  [key: string]: unknown;
}

type Render = (event: SystemEvent) => string;

/**
 * The text of each kind of system message in every language, drawn per reader. A new kind of booking change is one
 * more entry here; `reason` (a decline's or a cancellation's) is appended by `systemMessageText`.
 */
export const SYSTEM_MESSAGES: Record<string, Record<TextLanguage, Render>> = {
  booking_created: {
    ru: () => 'Бронирование создано',
    en: () => 'Booking made',
    zh: () => '已创建预订',
  },
  booking_requested: {
    ru: () => 'Отправлен запрос на бронирование',
    en: () => 'Booking request sent',
    zh: () => '已发送预订申请',
  },
  booking_accepted: {
    ru: () => 'Гид подтвердил бронирование',
    en: () => 'The guide accepted the booking',
    zh: () => '导游已确认预订',
  },
  booking_declined: {
    ru: () => 'Гид отклонил запрос на бронирование',
    en: () => 'The guide declined the booking request',
    zh: () => '导游拒绝了预订申请',
  },
  booking_expired: {
    ru: () => 'Запрос истёк: гид не ответил вовремя',
    en: () => 'The request expired: the guide did not answer in time',
    zh: () => '申请已过期：导游未及时回复',
  },
  booking_cancelled: {
    ru: () => 'Бронирование отменено',
    en: () => 'The booking was cancelled',
    zh: () => '预订已取消',
  },
  departure_cancelled: {
    ru: () => 'Гид отменил выезд, бронирование отменено',
    en: () => 'The guide cancelled the departure; the booking is cancelled',
    zh: () => '导游取消了本次出发，预订已取消',
  },
};

const REASON: Record<TextLanguage, string> = { ru: 'Причина', en: 'Reason', zh: '原因' };
const UNKNOWN: Record<TextLanguage, string> = {
  ru: 'Бронирование изменилось',
  en: 'The booking changed',
  zh: '预订已更新',
};

/** A system message as its reader's language says it. */
export function systemMessageText(event: SystemEvent | null | undefined, language: TextLanguage): string {
  const render = event ? SYSTEM_MESSAGES[event.type]?.[language] : undefined;
  const text = render ? render(event!) : UNKNOWN[language];
  return event?.reason ? `${text}. ${REASON[language]}: ${event.reason}` : text;
}
