import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearScreenOnce } from '@/components/ui/useNearScreen';

/** jsdom lays nothing out: this observer lets the test say when the element nears the screen. */
class TestObserver {
  static last: TestObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    TestObserver.last = this;
  }
  observe(node: Element) {
    this.observed.push(node);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function Lazy() {
  const [box, near] = useNearScreenOnce<HTMLDivElement>('300px 0px');
  return <div ref={box}>{near ? 'loaded' : 'waiting'}</div>;
}

describe('near the screen once', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    TestObserver.last = undefined;
  });

  it('loads when the element comes within the margin of the screen, and stops watching it', () => {
    vi.stubGlobal('IntersectionObserver', TestObserver);
    render(<Lazy />);
    const observer = TestObserver.last!;
    expect(observer.options.rootMargin).toBe('300px 0px');
    expect(observer.observed).toEqual([screen.getByText('waiting')]);

    observer.report(false);
    expect(screen.getByText('waiting')).toBeInTheDocument();

    observer.report(true);
    expect(screen.getByText('loaded')).toBeInTheDocument();
    expect(observer.disconnected).toBe(true);
  });

  it('stays as it was, without failing, in a browser with no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Lazy />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
  });
});
