'use client';

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import type { ReviewsPage } from '@/lib/contract/reviews';
import { selectIsModerator } from '@/lib/store/app-store';
import { REVIEW_ACTION } from './review-action';

type Props = { ideaHid: string; authorId: number; initial: ReviewsPage };

/** What a button of the reviews does, when `target` is inside one. */
const actionOf = (target: EventTarget | null) =>
  target instanceof Element ? (target.closest(`[${REVIEW_ACTION}]`)?.getAttribute(REVIEW_ACTION) ?? null) : null;

/**
 * The idea page's reviews, below the fold: the server's markup (`children`, ReviewsView) until IdeaReviews' code
 * has come, which it asks for when the reviews come within 600 px of the screen or a visitor points at, touches
 * or tabs into them (at once for the idea's author and moderators, whose forms are in it). A click on one of
 * their buttons before then is made again once it has, and the focus stays on the button it was on.
 */
export function ReviewsIsland({ children, ...props }: Props & { children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const clicked = useRef<string | null>(null);
  const focused = useRef<string | null>(null);
  const [Reviews, setReviews] = useState<ComponentType<Props> | null>(null);
  const user = useAppStore((s) => s.user);
  const isModerator = useAppStore(selectIsModerator);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    import('./IdeaReviews').then(
      (m) => {
        const active = document.activeElement;
        focused.current = active && wrapper.current?.contains(active) ? actionOf(active) : null;
        setReviews(() => m.IdeaReviews);
      },
      () => {
        started.current = false;
      },
    );
  }, []);

  useEffect(() => {
    const section = wrapper.current?.firstElementChild;
    if (Reviews || !section) return;
    if (typeof IntersectionObserver === 'undefined') return load();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '600px 0px',
    });
    observer.observe(section);
    return () => observer.disconnect();
  }, [Reviews, load]);

  useEffect(() => {
    if (user?.id === props.authorId || isModerator) load();
  }, [user, props.authorId, isModerator, load]);

  // In the commit that swaps the markup: a key pressed between the swap and a later effect would reach no button.
  useLayoutEffect(() => {
    if (!Reviews) return;
    const button = (action: string | null) =>
      action === null ? null : wrapper.current?.querySelector<HTMLElement>(`[${REVIEW_ACTION}="${action}"]`);
    button(focused.current)?.focus();
    button(clicked.current)?.click();
    clicked.current = null;
  }, [Reviews]);

  const remember = (event: MouseEvent) => {
    if (Reviews) return;
    clicked.current = actionOf(event.target) ?? clicked.current;
    load();
  };

  return (
    <div
      ref={wrapper}
      style={{ display: 'contents' }}
      onPointerOver={load}
      onTouchStart={load}
      onFocus={load}
      onClickCapture={remember}
    >
      {Reviews ? <Reviews {...props} /> : children}
    </div>
  );
}
