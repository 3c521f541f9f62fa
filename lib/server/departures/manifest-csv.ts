import 'server-only';
import { createTranslator } from 'next-intl';
import { toCsv } from '@/lib/csv';
import { isManifestState } from '@/lib/departures/states';
import { formatPhone } from '@/lib/format/phone';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import cn from '@/messages/cn.json';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import type { Viewer } from '../accounts/viewer';
import { appLocaleOf } from '../mail/render';
import { requireOwnDeparture } from './departure-resource';
import { manifestOf } from './manifest';

const MESSAGES = { ru, en, zh: cn } as const;

/** GET /office/departures/{id}/manifest.csv: the manifest as a spreadsheet, headed in the request's language. */
export async function manifestCsv(
  param: string,
  viewer: Viewer,
  language: TextLanguage,
): Promise<{ filename: string; body: string }> {
  const manifest = await manifestOf(await requireOwnDeparture(param, viewer), language);
  const t = createTranslator({ locale: appLocaleOf(language), messages: MESSAGES[language], namespace: 'departures' });
  const header = (['name', 'adults', 'children', 'phone', 'email', 'state', 'comment'] as const).map((key) =>
    t(`csv.${key}`),
  );
  const rows = manifest.relationships.bookings.data.map((entry) => [
    entry.name,
    entry.adults,
    entry.children,
    entry.phone ? formatPhone(entry.phone) : '',
    entry.email,
    isManifestState(entry.status) ? t(`states.${entry.status}`) : entry.status,
    entry.comment,
  ]);
  const { day, time } = manifest.attributes;
  return {
    filename: `manifest-${day}-${time.replace(':', '')}-${manifest.hid}.csv`,
    body: toCsv([header, ...rows]),
  };
}
