import type { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in pages' query cache, made the first time a signed-in page loads: its code comes with
 * theirs, never with a public page's. One per router (the browser's; the prerenderer's never loads it).
 */
export function lazyQueryClient(): () => Promise<QueryClient> {
  let made: Promise<QueryClient> | undefined;
  return () => {
    made ??= import('./queryClient').then(({ makeQueryClient }) => makeQueryClient());
    return made;
  };
}
