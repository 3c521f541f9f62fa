import { useEffect, useState } from 'react';

/** The typed text once the typing has paused for `pauseMs`, so that every key press does not become a request. */
export function useSettledText(text: string, pauseMs: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), pauseMs);
    return () => clearTimeout(timer);
  }, [text, pauseMs]);
  return settled;
}
