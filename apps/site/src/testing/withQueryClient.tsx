import type { Decorator } from '@storybook/react-vite';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRef } from 'react';
import { makeQueryClient } from '../api/queryClient';

/**
 * Every story with a query cache of its own, made as the site makes it (no retry): nothing one story
 * loaded (or is still loading) shows in another, and each screen asks its (mocked) server as a page
 * visited first does. Stories share the page, and Storybook may keep this decorator mounted from one
 * story to the next: the cache is made afresh whenever the story changes.
 */
export const withQueryClient: Decorator = (Story, context) => {
  const made = useRef<{ storyId: string; client: QueryClient } | null>(null);
  if (made.current?.storyId !== context.id) {
    made.current?.client.clear();
    made.current = { storyId: context.id, client: makeQueryClient() };
  }
  return (
    <QueryClientProvider key={context.id} client={made.current.client}>
      <Story />
    </QueryClientProvider>
  );
};
