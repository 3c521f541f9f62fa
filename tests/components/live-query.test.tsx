import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { PageData } from '@/components/providers/PageData';
import { useLiveInfiniteQuery, useLiveQuery } from '@/components/providers/useLiveQuery';
import { renderInApp, testQueryClient } from '../support/app';

/** A query whose answers the test hands out one by one, counting the requests. */
function controlledQuery(key: string) {
  const answers: ((value: string) => void)[] = [];
  return {
    answers,
    options: {
      queryKey: ['live-test', key] as const,
      queryFn: () => new Promise<string>((resolve) => answers.push(resolve)),
      staleTime: 60_000,
    },
  };
}

function Shown({ query, enabled }: { query: ReturnType<typeof controlledQuery>; enabled: boolean }) {
  const { data } = useLiveQuery(query.options, { enabled });
  return <p>{data ?? 'nothing yet'}</p>;
}

describe('useLiveQuery: React Query from the first use on, for the parts without it in their first load', () => {
  it('asks for nothing until the query is wanted, then shows its answer', async () => {
    const query = controlledQuery('wanted');
    const { rerender } = renderInApp(<Shown query={query} enabled={false} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(query.answers).toHaveLength(0);
    expect(screen.getByText('nothing yet')).toBeInTheDocument();

    rerender(<Shown query={query} enabled />);
    // React Query loads first, by a dynamic import.
    await waitFor(() => expect(query.answers).toHaveLength(1));
    act(() => query.answers[0]('the answer'));
    expect(await screen.findByText('the answer')).toBeInTheDocument();
  });

  it('shows at once what the page already holds, without asking again', async () => {
    const query = controlledQuery('held');
    const queryClient = testQueryClient();
    queryClient.setQueryData(query.options.queryKey, 'held before');
    renderInApp(<Shown query={query} enabled />, { queryClient });
    expect(screen.getByText('held before')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(query.answers).toHaveLength(0);
  });

  it('follows changes another part of the page makes to the query', async () => {
    const query = controlledQuery('changed');
    const queryClient = testQueryClient();
    queryClient.setQueryData(query.options.queryKey, 'first');
    renderInApp(<Shown query={query} enabled />, { queryClient });
    const observers = () => queryClient.getQueryCache().find({ queryKey: query.options.queryKey })?.getObserversCount();
    await waitFor(() => expect(observers()).toBe(1));
    act(() => queryClient.setQueryData(query.options.queryKey, 'second'));
    expect(await screen.findByText('second')).toBeInTheDocument();
  });

  it('renders the page’s data before React Query has it, and goes on from there to the next page', async () => {
    const asked: number[] = [];
    const pages = {
      queryKey: ['live-test', 'pages'] as const,
      queryFn: async ({ pageParam }: { pageParam: number }) => {
        asked.push(pageParam);
        return `page ${pageParam}`;
      },
      initialPageParam: 1,
      getNextPageParam: (_last: string, all: string[]) => (all.length < 3 ? all.length + 1 : undefined),
    };
    // Page 1 as the server prefetched it for the page.
    const server = new QueryClient();
    await server.prefetchInfiniteQuery(pages);
    const state = dehydrate(server);
    asked.length = 0;

    function Pages() {
      const { data, fetchNextPage, isFetchingNextPage } = useLiveInfiniteQuery(pages);
      return (
        <>
          <p>{data?.pages.join(', ') ?? 'nothing'}</p>
          <button type="button" onClick={fetchNextPage} disabled={isFetchingNextPage}>
            more
          </button>
        </>
      );
    }
    const { queryClient } = renderInApp(
      <PageData state={state}>
        <Pages />
      </PageData>,
    );
    expect(screen.getByText('page 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(await screen.findByText('page 1, page 2')).toBeInTheDocument();
    // Page 1 came from the page, not from a request.
    expect(asked).toEqual([2]);
    expect(queryClient.getQueryData(pages.queryKey)).toMatchObject({ pages: ['page 1', 'page 2'] });
  });
});
