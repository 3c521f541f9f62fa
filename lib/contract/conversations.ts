import { z } from 'zod';
import { INBOX_PAGE_SIZE, MESSAGE_TEXT_MAX, MESSAGES_PAGE_SIZE } from '@/lib/conversations/message-rules';
import { HID_PATTERN } from './ids';

/** POST /ideas/{hid}/conversation and POST /conversations/{hid}/messages: plain text, 1–4 000 characters. */
export const messageBody = z.strictObject({
  text: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(MESSAGE_TEXT_MAX, `At most ${MESSAGE_TEXT_MAX} characters.`),
});
export type MessageBody = z.infer<typeof messageBody>;

/** POST /messages/{hid}/report */
export const reportMessageBody = z.strictObject({
  reason: z.string().trim().max(500, 'At most 500 characters.').optional(),
});

/** GET /conversations/{hid}/messages */
export const messagesQuery = z.object({
  before: z.string().regex(HID_PATTERN, 'Use a message hid.').optional().describe('The page before this message'),
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'At least 1.')
    .max(100, 'At most 100.')
    .default(MESSAGES_PAGE_SIZE),
});

/** GET /conversations: a page of the inbox, newest activity first; `before` (a page's meta.next_before) pages on. */
export const conversationsListQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}_\d{1,10}$/, 'Use meta.next_before of the page before.')
    .optional()
    .describe('The page after this cursor (last activity in microseconds since 1970, "_", conversation id)'),
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'At least 1.')
    .max(100, 'At most 100.')
    .default(INBOX_PAGE_SIZE),
});
export type ConversationsListQuery = z.infer<typeof conversationsListQuery>;

/** What a system message records; its text is rendered in the reader's language. */
export const messageEvent = z.object({ type: z.string(), booking_hid: z.string().nullable() }).nullable();

export const messageResource = z.object({
  id: z.number().int(),
  hid: z.string(),
  type: z.literal('messages'),
  attributes: z.object({
    kind: z.enum(['text', 'system']),
    /** As this reader sees it: contacts replaced by "[contact hidden]" for the other side before a confirmed booking. */
    text: z.string(),
    masked: z.boolean(),
    /** Written by the reader. */
    mine: z.boolean(),
    sender_role: z.enum(['traveller', 'guide']).nullable(),
    event: messageEvent,
    created_at: z.string(),
    /** Hidden by a moderator: the other side reads no text. */
    hidden: z.boolean(),
    /** Only for moderators: the text as written. */
    original_text: z.string().optional(),
  }),
  relationships: z.object({}),
});
export type MessageResource = z.infer<typeof messageResource>;

export const conversationResource = z.object({
  id: z.number().int(),
  hid: z.string(),
  type: z.literal('conversations'),
  attributes: z.object({
    /** The reader's side. */
    role: z.enum(['traveller', 'guide']),
    /** Contacts are shown (and links clickable) once a booking of the pair is confirmed. */
    contacts_visible: z.boolean(),
    unread_count: z.number().int(),
    last_message_at: z.string(),
    last_message: messageResource.shape.attributes
      .pick({ kind: true, text: true, mine: true, created_at: true })
      .nullable(),
  }),
  relationships: z.object({
    other: z.object({ data: z.object({ name: z.string(), image_url: z.string().nullable() }) }),
    idea: z.object({ data: z.object({ id: z.number().int(), hid: z.string(), title: z.string() }) }),
    /** The pair's latest booking, pinned above the thread. */
    booking: z.object({
      data: z.object({ hid: z.string(), status: z.string(), starts_at: z.string() }).nullable(),
    }),
  }),
});
export type ConversationResource = z.infer<typeof conversationResource>;

export const conversationsList = z.object({
  data: z.array(conversationResource),
  meta: z.object({
    /** Across all of my conversations, not only this page's. */
    unread_total: z.number().int(),
    next_before: z.string().nullable().describe('Pass as `before` for the next page; null on the last'),
  }),
});
export type ConversationsList = z.infer<typeof conversationsList>;

export const messagesPage = z.object({
  data: z.array(messageResource).describe('Newest first'),
  meta: z.object({
    next_before: z.string().nullable().describe('Pass as `before` for the older page; null on the oldest'),
    conversation: conversationResource,
  }),
});
export type MessagesPage = z.infer<typeof messagesPage>;

/** POST /ideas/{hid}/conversation answers the conversation and the message written. */
export const postedMessage = z.object({
  data: messageResource,
  meta: z.object({ conversation: z.string() }),
});

/** GET /moderation/message-reports */
export const messageReportResource = z.object({
  id: z.number().int(),
  type: z.literal('message-reports'),
  attributes: z.object({
    reason: z.string(),
    created_at: z.string(),
    message_hid: z.string(),
    message_text: z.string(),
    message_hidden: z.boolean(),
    conversation_hid: z.string(),
    sender_id: z.number().int().nullable(),
    sender_name: z.string(),
    sender_messaging_blocked: z.boolean(),
    reporter_name: z.string(),
  }),
});
export const messageReportsList = z.object({ data: z.array(messageReportResource) });
export type MessageReportResource = z.infer<typeof messageReportResource>;
