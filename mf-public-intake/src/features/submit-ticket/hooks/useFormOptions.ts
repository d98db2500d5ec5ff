import { useCallback, useEffect, useRef, useState } from 'react';
import {
  loadCities,
  loadCommittees,
  type NamedOption,
  type StoredOptions,
  storedOptions,
} from '../api/formOptions';

type Kind = keyof StoredOptions;
const KINDS: readonly Kind[] = ['cities', 'committees'];

export interface OptionList {
  list: NamedOption[];
  loading: boolean;
  /** The spec §8 warning when the default list is in use. */
  warning: string | null;
}

/**
 * Cities and committees for the selects: the lists this device loaded last show at once (a
 * repeat visit paints a usable form before any answer), the server's lists replace them.
 * `retry` loads again whatever failed (spec §2 'Retry Loading').
 */
export function useFormOptions() {
  const [lists, setLists] = useState<Record<Kind, OptionList>>(() => {
    const stored = storedOptions();
    return {
      cities: { list: stored.cities, loading: true, warning: null },
      committees: { list: stored.committees, loading: true, warning: null },
    };
  });
  const [round, setRound] = useState(0);
  const toLoad = useRef<readonly Kind[]>(KINDS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the trigger of a reload.
  useEffect(() => {
    let active = true;
    for (const kind of toLoad.current) {
      void (kind === 'cities' ? loadCities() : loadCommittees()).then((result) => {
        if (!active) return;
        setLists((current) => ({
          ...current,
          [kind]: { list: result.list, loading: false, warning: result.ok ? null : result.warning },
        }));
      });
    }
    return () => {
      active = false;
    };
  }, [round]);

  const retry = useCallback(() => {
    setLists((current) => {
      toLoad.current = KINDS.filter((kind) => current[kind].warning);
      const next = { ...current };
      for (const kind of toLoad.current) next[kind] = { ...current[kind], loading: true };
      return next;
    });
    setRound((n) => n + 1);
  }, []);

  return { cities: lists.cities, committees: lists.committees, retry };
}
