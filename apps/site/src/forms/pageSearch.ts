import { useSyncExternalStore } from 'react';
import type * as z from 'zod/mini';
import { pageSearch } from './searchParams';

const cache = new WeakMap<object, { search: string; value: unknown }>();

/** The query read once per distinct query string: the same object while it does not change. */
function readSearch<Output>(schema: z.ZodMiniType<Output>): Output {
  const cached = cache.get(schema);
  if (cached && cached.search === window.location.search) return cached.value as Output;
  const value = pageSearch(schema);
  cache.set(schema, { search: window.location.search, value });
  return value;
}

// An island's query does not change while it is on screen: a page that moves on is another page.
const unchanging = () => () => undefined;

/**
 * The page's query for an island prerendered with stand-in values: hydration renders `prerendered`
 * (what the HTML was made with, so it matches), and the render right after reads the real query.
 */
export function usePageSearch<Output>(schema: z.ZodMiniType<Output>, prerendered: Output): Output {
  return useSyncExternalStore(
    unchanging,
    () => readSearch(schema),
    () => prerendered,
  );
}
