import 'server-only';
import { createTranslator } from 'next-intl';
import type { MonthQuery } from '@/lib/contract/earnings';
import { toCsv } from '@/lib/csv';
import { isManifestState } from '@/lib/departures/states';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { minorToDecimal } from '@/lib/payments/amounts';
import cn from '@/messages/cn.json';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';
import type { Viewer } from '../accounts/viewer';
import { appLocaleOf } from '../mail/render';
import { guideEarnings } from './guide-earnings';

const MESSAGES = { ru, en, zh: cn } as const;
const COLUMNS = [
  'day',
  'idea',
  'traveller',
  'adults',
  'children',
  'state',
  'currency',
  'gross',
  'paidOnline',
  'commission',
  'refunded',
  'refundPending',
  'guideReceives',
] as const;

/** GET /office/earnings.csv: the month's earnings and totals as a spreadsheet, headed in the request's language. */
export async function earningsCsv(
  query: MonthQuery,
  viewer: Viewer,
  language: TextLanguage,
): Promise<{ filename: string; body: string }> {
  const { data, meta } = await guideEarnings(query, viewer, language);
  const messages = MESSAGES[language];
  const t = createTranslator({ locale: appLocaleOf(language), messages, namespace: 'earnings' });
  const state = createTranslator({ locale: appLocaleOf(language), messages, namespace: 'departures.states' });
  // Excel reads numbers with the decimal mark of its locale: a comma in Russian.
  const amount = (minor: number, currency: string) => {
    const text = minorToDecimal(minor, currency);
    return language === 'ru' ? text.replace('.', ',') : text;
  };
  const money = (sum: (typeof meta.totals)[number]) =>
    [sum.gross, sum.paid_online, sum.commission, sum.refunded, sum.refund_pending, sum.guide_receives].map((minor) =>
      amount(minor, sum.currency),
    );
  const rows = data.map((line) => [
    line.day,
    line.idea_title,
    line.traveller_name,
    line.adults,
    line.children,
    isManifestState(line.status) ? state(line.status) : line.status,
    line.currency,
    ...money(line),
  ]);
  const totals = meta.totals.map((sum) => [t('csv.total'), '', '', '', '', '', sum.currency, ...money(sum)]);
  return {
    filename: `earnings-${meta.month}.csv`,
    body: toCsv([COLUMNS.map((key) => t(`csv.${key}`)), ...rows, ...totals]),
  };
}
