import 'server-only';
import { systemMessageText, type SystemEvent } from '@/lib/conversations/system-messages';
import type { Tx } from '../db';
import { openConversation, postMessage } from './post-message';

/**
 * In the transaction of a booking's change: the pair's conversation (opened if they never wrote) gets a system
 * message naming the change, drawn per reader's language from `event` (lib/conversations/system-messages.ts). The
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
