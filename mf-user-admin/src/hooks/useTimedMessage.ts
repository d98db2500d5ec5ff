import { useCallback, useEffect, useState } from 'react';

/**
 * A message that clears itself `ms` after it was last shown (docs/product.md#user-management: the success message of
 * User Management disappears after 3 seconds). Showing the same text again restarts the clock.
 */
export function useTimedMessage(ms: number): [string | null, (message: string) => void] {
  const [shown, setShown] = useState<{ text: string; at: number } | null>(null);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), ms);
    return () => clearTimeout(timer);
  }, [shown, ms]);
  const show = useCallback(
    (text: string) => setShown((current) => ({ text, at: (current?.at ?? 0) + 1 })),
    [],
  );
  return [shown?.text ?? null, show];
}
