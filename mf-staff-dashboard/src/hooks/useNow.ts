import { useEffect, useState } from 'react';

/**
 * The time, renewed every `everyMs` (a minute by default), so a due badge turns from "Due within
 * the hour" to "Overdue" while the page stays open.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
