'use client';

import { useEffect } from 'react';

/**
 * A booking panel's choice carried through sign-in in the idea page's address: a departure (`date`), or a private
 * idea's local day and start time (`day`, `time`), and the group (`adults`, `children`).
 */
export interface CarriedChoice {
  date?: number;
  day?: string;
  time?: string;
  adults?: number;
  children?: number;
}

/** The idea page's address that carries `choice` back from signing in. */
export function carriedChoicePath(ideaHid: string, choice: CarriedChoice): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(choice)) if (value !== undefined) params.set(key, String(value));
  return `/go/${ideaHid}?${params}`;
}

const FORMS: Record<keyof CarriedChoice, RegExp> = {
  date: /^\d{1,9}$/,
  day: /^\d{4}-\d{2}-\d{2}$/,
  time: /^([01]\d|2[0-3]):[0-5]\d$/,
  adults: /^\d{1,6}$/,
  children: /^\d{1,6}$/,
};

/** The choice in an address's query, each part only in its own form. */
export function readCarriedChoice(search: string): CarriedChoice | null {
  const params = new URLSearchParams(search);
  const text = (key: keyof CarriedChoice) => {
    const value = params.get(key);
    return value !== null && FORMS[key].test(value) ? value : undefined;
  };
  const number = (key: keyof CarriedChoice) => (text(key) === undefined ? undefined : Number(text(key)));
  if (!params.has('date') && !params.has('day')) return null;
  return {
    date: number('date'),
    day: text('day'),
    time: text('time'),
    adults: number('adults'),
    children: number('children'),
  };
}

/** Reads a choice carried through sign-in, once, in the browser. */
export function useCarriedChoice(apply: (choice: CarriedChoice) => void) {
  useEffect(() => {
    const choice = readCarriedChoice(window.location.search);
    if (choice) apply(choice);
    // Only the first render's URL matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
