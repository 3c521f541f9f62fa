export interface NearEntry {
  lastModified: number;
  tags?: readonly string[];
  value: {
    html?: { length: number };
    rscData?: { length: number };
    body?: { length: number };
    segmentData?: Map<string, { length: number }>;
  } | null;
}

/** Recently served shared pages in this process's memory (see near-page-store.mjs). */
export function createNearPageStore(maxBytes: number): {
  readonly generation: number;
  get(key: string): NearEntry | null;
  set(key: string, entry: NearEntry, since?: number): void;
  invalidate(tag: string): void;
  clear(): void;
  delete(key: string): void;
};
