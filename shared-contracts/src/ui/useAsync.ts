import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { type ApiErrorInfo, toApiError } from '../api/errors';

export interface AsyncState<T> {
  data: T | undefined;
  error: ApiErrorInfo | undefined;
  loading: boolean;
  /** Runs the load again with the same inputs. */
  reload: () => void;
  /** Replaces the data (e.g. with the server's answer to an action) without a call. */
  setData: (update: (current: T | undefined) => T | undefined) => void;
}

/**
 * Runs `load` whenever `deps` change and keeps only the answer of the latest run, so a slow
 * answer to an old filter never overwrites a newer one. Errors become the spec §8 shape.
 */
export function useAsync<T>(load: () => Promise<T>, deps: DependencyList): AsyncState<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiErrorInfo; loading: boolean }>({
    loading: true,
  });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps decide when to load again.
  useEffect(() => {
    const run = ++latest.current;
    // Keep the data on screen while the next answer comes (no flicker); forget an old error.
    setState((current) => ({ data: current.data, loading: true }));
    load().then(
      (data) => {
        if (run === latest.current) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (run === latest.current) setState({ error: toApiError(error), loading: false });
      },
    );
  }, [...deps, attempt]);
  useEffect(
    () => () => {
      latest.current += 1; // unmounted: ignore answers still on their way
    },
    [],
  );
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const setData = useCallback(
    (update: (current: T | undefined) => T | undefined) =>
      setState((current) => ({ ...current, data: update(current.data) })),
    [],
  );
  return { data: state.data, error: state.error, loading: state.loading, reload, setData };
}
