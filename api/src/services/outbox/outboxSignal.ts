/**
 * "Messages were queued": raised once the transaction that wrote outbox rows commits (every write
 * of outboxStore.ts asks for it), heard by the workers of this process, which then look at once
 * instead of at their next poll. Workers of other instances find the rows at their next poll.
 */
const listeners = new Set<() => void>();

/** Listens until the returned function is called. */
export function onMessagesQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function messagesQueued(): void {
  for (const listener of listeners) listener();
}
