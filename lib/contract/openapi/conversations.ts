import { z } from 'zod';
import {
  conversationsList,
  conversationsListQuery,
  messageBody,
  messageReportsList,
  messagesPage,
  messagesQuery,
  postedMessage,
  messageResource,
  reportMessageBody,
} from '../conversations';
import { notificationSettingsResource, patchNotificationSettingsBody } from '../notification-settings';
import {
  errors,
  get,
  idParameter,
  jsonBody,
  ok,
  ownLists,
  pathParameter,
  post,
  problemResponse,
  queryParameters,
  unauthorized,
} from './helpers';

const hidParameter = pathParameter('hid', z.string());
const tooMany = { '429': problemResponse('Too many messages (Retry-After says when to try again)') };
const moderatorsOnly = { ...unauthorized, '403': problemResponse('Not a moderator') };

/** Conversations between a traveller and a guide, their messages, reports and moderation; email switches. */
export const conversationPaths = () => ({
  '/ideas/{id}/conversation': post(
    'Ask the idea’s guide: writes in the pair’s conversation, opened now if they never wrote',
    messageBody,
    null,
    {
      '201': ok(postedMessage, 'The message (as its sender sees it) and the conversation’s hid'),
      ...unauthorized,
      '403': problemResponse('Blocked from messaging'),
      '404': problemResponse('Unknown or unpublished idea'),
      '409': problemResponse('Your own idea'),
      ...tooMany,
    },
    [idParameter],
  ),
  '/conversations': get(
    'My conversations as traveller or guide, newest activity first, a page at a time; the last message as I see it; unread counts',
    conversationsList,
    queryParameters(conversationsListQuery),
    unauthorized,
  ),
  '/conversations/{hid}/messages': {
    ...get(
      'A conversation’s messages, newest page first (contacts masked for the other side before a confirmed booking)',
      messagesPage,
      [hidParameter, ...queryParameters(messagesQuery)],
      { ...unauthorized, '404': problemResponse('Unknown, or not your conversation') },
    ),
    ...post(
      'Write in a conversation (plain text, 1–4 000 characters)',
      messageBody,
      null,
      {
        '201': ok(z.object({ data: messageResource }), 'The message'),
        ...unauthorized,
        '403': problemResponse('Blocked from messaging, a moderator, or a guide before the traveller wrote or booked'),
        '404': problemResponse('Unknown, or not your conversation'),
        ...tooMany,
      },
      [hidParameter],
    ),
  },
  '/conversations/{hid}/read': post(
    'I have read up to the newest message (the other side is told)',
    null,
    z.object({ meta: z.object({ unread_total: z.number().int() }) }),
    { ...unauthorized, '404': problemResponse('Unknown, or not your conversation') },
    [hidParameter],
  ),
  '/messages/{hid}/report': post(
    'Report the other side’s message to moderators',
    reportMessageBody,
    null,
    {
      ...unauthorized,
      '404': problemResponse('Unknown, or not your conversation'),
      '409': problemResponse('Your own or a system message'),
    },
    [hidParameter],
  ),
  '/moderation/message-reports': get(
    'Moderators: open reports of messages, with the text as written',
    messageReportsList,
    [],
    moderatorsOnly,
  ),
  '/moderation/messages/{hid}/hide': post(
    'Moderators: hide a message from the other side',
    null,
    null,
    { ...moderatorsOnly, '404': problemResponse('Unknown message') },
    [hidParameter],
  ),
  '/moderation/messages/{hid}/block-sender': post(
    'Moderators: the message’s sender may no longer write messages',
    null,
    null,
    { ...moderatorsOnly, '404': problemResponse('Unknown message'), '409': problemResponse('A system message') },
    [hidParameter],
  ),
  '/notifications/unsubscribe': {
    post: {
      summary:
        'One-click unsubscribe (RFC 8058): the signed token of an email’s List-Unsubscribe link turns that kind of email off',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { '204': { description: 'Done' }, ...errors },
    },
    get: {
      summary: 'The same, opened from the email’s text: answers a short HTML page',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'Done', content: { 'text/html': { schema: { type: 'string' } } } },
        ...errors,
      },
    },
  },
  '/users/{id}/notification-settings': {
    ...get(
      'My email switches: messages, booking updates, reminders, marketing',
      notificationSettingsResource,
      [idParameter],
      ownLists,
    ),
    patch: {
      summary: 'Change some of my email switches',
      parameters: [idParameter],
      requestBody: jsonBody(patchNotificationSettingsBody),
      responses: { '200': ok(notificationSettingsResource), ...errors, ...ownLists },
    },
  },
});
