'use client';

import { useEffect } from 'react';
import { useFavourite } from './useFavourite';

/**
 * The heart's behaviour, loaded after its looks (FavouriteButton): whether the idea is saved and the toggle, told to
 * the button whenever they change. It draws nothing.
 */
export function FavouriteState({
  id,
  hid,
  onChange,
}: {
  id: number;
  hid: string;
  onChange: (pressed: boolean, toggle: () => void) => void;
}) {
  const { pressed, toggle } = useFavourite(id, hid);
  useEffect(() => onChange(pressed, toggle), [pressed, toggle, onChange]);
  return null;
}
