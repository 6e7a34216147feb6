import type { Decorator } from '@storybook/react-vite';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { makeQueryClient } from '../api/queryClient';

/**
 * Every story with a query cache of its own, made as the site makes it (no retry): nothing one story
 * loaded shows in another, and each screen asks its (mocked) server as a page visited first does.
 */
export const withQueryClient: Decorator = (Story) => {
  const [client] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={client}>
      <Story />
    </QueryClientProvider>
  );
};
