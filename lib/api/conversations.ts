import type {
  ConversationsList,
  MessageReportResource,
  MessageResource,
  MessagesPage,
} from '@/lib/contract/conversations';
import type { NotificationSettings } from '@/lib/contract/notification-settings';
import { apiClient, localeHeaders } from './client';

/** GET /conversations: my inbox with unread counts. */
export async function fetchConversations(locale: string, before?: string): Promise<ConversationsList> {
  return (
    await apiClient.get<ConversationsList>('/conversations', {
      params: before ? { before } : {},
      headers: localeHeaders(locale),
    })
  ).data;
}

/** GET /conversations/{hid}/messages: a page, newest first. */
export async function fetchMessages(locale: string, hid: string, before?: string): Promise<MessagesPage> {
  return (
    await apiClient.get<MessagesPage>(`/conversations/${encodeURIComponent(hid)}/messages`, {
      params: before ? { before } : {},
      headers: localeHeaders(locale),
    })
  ).data;
}

export async function sendMessage(locale: string, hid: string, text: string): Promise<MessageResource> {
  return (
    await apiClient.post<{ data: MessageResource }>(
      `/conversations/${encodeURIComponent(hid)}/messages`,
      { text },
      { headers: localeHeaders(locale) },
    )
  ).data.data;
}

/** POST /ideas/{hid}/conversation: answers the conversation's hid. */
export async function askGuide(locale: string, ideaHid: string, text: string): Promise<string> {
  return (
    await apiClient.post<{ meta: { conversation: string } }>(
      `/ideas/${encodeURIComponent(ideaHid)}/conversation`,
      { text },
      { headers: localeHeaders(locale) },
    )
  ).data.meta.conversation;
}

export async function markConversationRead(hid: string): Promise<void> {
  await apiClient.post(`/conversations/${encodeURIComponent(hid)}/read`);
}

export async function reportMessage(hid: string): Promise<void> {
  await apiClient.post(`/messages/${encodeURIComponent(hid)}/report`, {});
}

export async function fetchNotificationSettings(userHid: string): Promise<NotificationSettings> {
  return (
    await apiClient.get<{ data: { attributes: NotificationSettings } }>(`/users/${userHid}/notification-settings`)
  ).data.data.attributes;
}

export async function updateNotificationSettings(
  userHid: string,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return (
    await apiClient.patch<{ data: { attributes: NotificationSettings } }>(
      `/users/${userHid}/notification-settings`,
      patch,
    )
  ).data.data.attributes;
}

export async function fetchMessageReports(): Promise<MessageReportResource[]> {
  return (await apiClient.get<{ data: MessageReportResource[] }>('/moderation/message-reports')).data.data;
}

export async function moderateMessage(hid: string, action: 'hide' | 'block-sender'): Promise<void> {
  await apiClient.post(`/moderation/messages/${encodeURIComponent(hid)}/${action}`);
}
