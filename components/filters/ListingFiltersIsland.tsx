'use client';

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { loadWhenIdle } from '@/components/ui/clientOnly';
import type { Filters } from '@/lib/listing/filters';

type Props = { filters: Filters };

const CONTROLS = 'a[href], button, input, select';

/** The bar's controls in document order: the server's copy and ListingFilters' have the same. */
const controlsIn = (wrapper: HTMLElement | null) => [...(wrapper?.querySelectorAll<HTMLElement>(CONTROLS) ?? [])];

/** What a visitor did in the server's filter bar before its code came, to be done again in ListingFilters. */
interface Pending {
  /** The control that had the focus (by its place among the bar's controls), and the caret in it. */
  focus: number | null;
  selection: [number, number] | null;
  /** Fields whose value was changed: typed text, a sort chosen. */
  values: [number, string][];
  /** A button clicked, or a search sent with Enter. */
  click: number | null;
  submit: boolean;
}

const changed = (control: Element) =>
  control instanceof HTMLInputElement
    ? control.value !== control.defaultValue
    : control instanceof HTMLSelectElement && !control.selectedOptions[0]?.defaultSelected;

/** Sets a field's value as typing would, so that React's onChange sees it. */
function enter(control: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = control instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLSelectElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLInputElement ? 'input' : 'change', { bubbles: true }));
}

/**
 * The listing's filter bar: the server's markup (`children`, ListingFiltersStatic) until ListingFilters' code has
 * come, which it asks for once the page is idle, or earlier when a visitor points at, touches or tabs into the bar.
 * What was done before then is done again once it has: the text typed, the sort chosen and the focus (with the
 * caret) carry over, and a button clicked or a search sent is clicked or sent again.
 */
export function ListingFiltersIsland({ children, ...props }: Props & { children: ReactNode }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const started = useRef(false);
  const pending = useRef<Pending>({ focus: null, selection: null, values: [], click: null, submit: false });
  const [Filters, setFilters] = useState<ComponentType<Props> | null>(null);

  const load = useCallback(() => {
    if (started.current) return Promise.resolve();
    started.current = true;
    return import('./ListingFilters').then(
      (m) => {
        const before = controlsIn(wrapper.current);
        const active = document.activeElement;
        const focus = before.findIndex((control) => control === active);
        pending.current.focus = focus >= 0 ? focus : null;
        pending.current.selection =
          active instanceof HTMLInputElement && focus >= 0
            ? [active.selectionStart ?? active.value.length, active.selectionEnd ?? active.value.length]
            : null;
        pending.current.values = before.flatMap((control, index): [number, string][] =>
          changed(control) ? [[index, (control as HTMLInputElement | HTMLSelectElement).value]] : [],
        );
        // In the same task as the values were read: nothing typed in between is lost.
        flushSync(() => setFilters(() => m.ListingFilters));
      },
      () => {
        started.current = false;
      },
    );
  }, []);

  useEffect(() => loadWhenIdle(load), [load]);

  useLayoutEffect(() => {
    if (!Filters) return;
    const after = controlsIn(wrapper.current);
    const { focus, selection, values, click, submit } = pending.current;
    for (const [index, value] of values) {
      const control = after[index];
      if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) enter(control, value);
    }
    const focused = focus === null ? null : after[focus];
    focused?.focus();
    if (focused instanceof HTMLInputElement && selection) focused.setSelectionRange(...selection);
    if (click !== null) after[click]?.click();
    else if (submit) wrapper.current?.querySelector('form')?.requestSubmit();
    pending.current = { focus: null, selection: null, values: [], click: null, submit: false };
  }, [Filters]);

  const start = () => void load();

  return (
    <div
      ref={wrapper}
      style={{ display: 'contents' }}
      onPointerOver={Filters ? undefined : start}
      onTouchStart={Filters ? undefined : start}
      onFocus={Filters ? undefined : start}
      onClickCapture={
        Filters
          ? undefined
          : (event) => {
              const button = event.target instanceof Element ? event.target.closest('button') : null;
              if (!button) return;
              const index = controlsIn(wrapper.current).indexOf(button);
              if (index >= 0) pending.current.click = index;
              start();
            }
      }
      onSubmitCapture={
        Filters
          ? undefined
          : (event) => {
              // Sent again with the filters' code, which keeps the other filters; the browser's own would drop them.
              event.preventDefault();
              pending.current.submit = true;
              start();
            }
      }
    >
      {Filters ? <Filters {...props} /> : children}
    </div>
  );
}
