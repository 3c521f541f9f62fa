/** How soon a guide usually answers requests: the median of their recent answers, rounded up to whole hours. */

/** Fewer answers than this say too little: the idea's own deadline is shown instead. */
export const MIN_ANSWERS = 3;
/** The most recent answers counted. */
export const RECENT_ANSWERS = 20;

const HOUR = 3_600_000;

/** `answerMs`: how long each recent answer took; `fallbackHours`: the idea's response_hours. */
export function usualResponseHours(answerMs: readonly number[], fallbackHours: number): number {
  if (answerMs.length < MIN_ANSWERS) return fallbackHours;
  const sorted = [...answerMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return Math.max(1, Math.ceil(median / HOUR));
}
