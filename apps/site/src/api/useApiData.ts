import { ApiError } from '@ledgerline/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Where a screen's data is: still loading, there, or refused (with the error). */
export type ApiData<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'loaded'; data: T; error?: undefined }
  | { status: 'failed'; data?: undefined; error: ApiError };

/**
 * Loads a screen's data once it shows, and again on `reload()`. A reload keeps the data on screen until
 * the new answer arrives. Answers that come after the screen went away are dropped.
 */
export function useApiData<T>(load: () => Promise<T>): ApiData<T> & { reload: () => void } {
  const [state, setState] = useState<ApiData<T>>({ status: 'loading' });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => {
        if (live) setState({ status: 'loaded', data });
      },
      (error: unknown) => {
        if (live) setState({ status: 'failed', error: asApiError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { ...state, reload };
}

/** Any failure as the one error shape the screens show (`unwrap` already throws these). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}
