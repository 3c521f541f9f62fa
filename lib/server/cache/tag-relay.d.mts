/** Delivers revalidated tags, keeping those that fail until the connection is back (see tag-relay.mjs). */
export interface TagRelay {
  send(tag: string): Promise<void>;
  flush(): Promise<void>;
  readonly pending: { tags: number; overflowed: boolean };
}

export function createTagRelay(options: {
  deliver: (tag: string) => Promise<void>;
  deliverAll: () => Promise<void>;
  maxPending?: number;
  retryMs?: number;
}): TagRelay;
