import 'server-only';
import type { EarningsResponse, MonthQuery } from '@/lib/contract/earnings';
import { earningTotals } from '@/lib/earnings/earnings';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localMonth } from '@/lib/time/local-month';
import type { Viewer } from '../accounts/viewer';
import { env } from '../platform/env';
import { paidBookingsOf } from './paid-bookings';

/** GET /office/earnings: the signed-in guide's paid bookings of a month (default the current one), with totals. */
export async function guideEarnings(
  query: MonthQuery,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
): Promise<EarningsResponse> {
  const month = query.month ?? localMonth(now);
  const paid = await paidBookingsOf(month, language, viewer.id);
  return {
    data: paid.map(({ line }) => line),
    meta: {
      month,
      payment_mode: env().PAYMENT_MODE,
      totals: earningTotals(paid.map(({ line, earning }) => ({ ...earning, currency: line.currency }))).map((sum) => ({
        currency: sum.currency,
        gross: sum.gross,
        paid_online: sum.paidOnline,
        commission: sum.commission,
        refunded: sum.refunded,
        refund_pending: sum.refundPending,
        guide_receives: sum.guideReceives,
      })),
    },
  };
}
