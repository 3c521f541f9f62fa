import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Thread } from '@/components/messages/Thread';
import type { ConversationResource, MessageResource } from '@/lib/contract/conversations';
import { queryKeys } from '@/lib/contract/query-keys';
import { renderInApp, testQueryClient } from '../support/app';

vi.mock('@/lib/i18n/navigation', async () => (await import('../support/navigation-mock')).navigationMock);
const { markConversationRead } = vi.hoisted(() => ({ markConversationRead: vi.fn(async (hid: string) => void hid) }));
vi.mock('@/lib/api/conversations', () => ({ markConversationRead }));

const message = (id: number, text: string): MessageResource => ({
  id,
  hid: `m${id}`,
  type: 'messages',
  attributes: {
    kind: 'text',
    text,
    masked: false,
    mine: false,
    sender_role: 'traveller',
    event: null,
    created_at: '2026-11-28T10:00:00Z',
    hidden: false,
  },
  relationships: {},
});

const conversation = (unread: number): ConversationResource => ({
  id: 1,
  hid: 'conv',
  type: 'conversations',
  attributes: {
    role: 'guide',
    contacts_visible: false,
    unread_count: unread,
    last_message_at: '2026-11-28T10:00:00Z',
    last_message: null,
  },
  relationships: {
    other: { data: { name: 'Анна', image_url: null } },
    idea: { data: { id: 1, hid: 'idea', title: 'Бухта' } },
    booking: { data: null },
  },
});

/** The thread's messages as the API answers them: newest first, with the reader's unread count. */
const page = (messages: MessageResource[], unread: number) => ({
  pages: [{ data: [...messages].reverse(), meta: { next_before: null, conversation: conversation(unread) } }],
  pageParams: [undefined],
});

beforeEach(() => markConversationRead.mockClear());

describe('Thread: what the open thread shows is marked read', () => {
  it('marks a message arriving while the thread is open read, even when the unread count comes back the same', async () => {
    const queryClient = testQueryClient();
    const key = queryKeys.messages('ru', 'conv');
    queryClient.setQueryData(key, page([message(1, 'Есть места на субботу?')], 1));
    renderInApp(<Thread hid="conv" />, { queryClient });
    await waitFor(() => expect(markConversationRead).toHaveBeenCalledTimes(1));

    // The live event's refetch: the first one read, a new one unread, so the count is 1 again.
    act(() => queryClient.setQueryData(key, page([message(1, 'Есть места на субботу?'), message(2, 'И ещё')], 1)));
    expect(await screen.findByText('И ещё')).toBeInTheDocument();
    await waitFor(() => expect(markConversationRead).toHaveBeenCalledTimes(2));
    expect(markConversationRead).toHaveBeenLastCalledWith('conv');
  });
});
