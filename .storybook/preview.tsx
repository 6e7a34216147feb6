import { defaultHandlers } from '@ledgerline/api-client/mocks';
import { darkTheme, lightTheme } from '@ledgerline/ui';
import { loadFonts } from '@ledgerline/ui/fonts';
import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { useEffect } from 'react';
import { configure } from 'storybook/test';
import { preloadDeferred } from '../apps/site/src/layout/deferred';
import { withQueryClient } from '../apps/site/src/testing/withQueryClient';

loadFonts();

// `findBy…` and `waitFor` wait up to 10 s (not 1 s): CI runs browsers beside other work on two
// cores, and a story waiting for what it asked for must not fail because the machine was slow. A
// story that passes never waits that long; only a broken one does.
configure({ asyncUtilTimeout: 10_000 });

type ThemeName = 'light' | 'dark';
const themeClass: Record<ThemeName, string> = { light: lightTheme, dark: darkTheme };
// The story tests check every theme in one visit: after the first, they swap these classes themselves.
(window as unknown as { __themeClasses: Record<ThemeName, string> }).__themeClasses = themeClass;

/**
 * Puts the theme on <body>, not on a wrapper: Radix dialogs and toasts render into <body> and
 * must pick the theme up too.
 */
const withTheme: Decorator = (Story, context) => {
  const theme: ThemeName = context.globals.theme === 'dark' ? 'dark' : 'light';
  useEffect(() => {
    document.body.classList.remove(lightTheme, darkTheme);
    document.body.classList.add(themeClass[theme]);
  }, [theme]);
  return <Story />;
};

const preview: Preview = {
  // A screen's deferred parts (its form, fetched on a real page when someone is there to use it) are
  // loaded before the story renders: a story shows the screen as a person using it would see it.
  loaders: [mswLoader(), () => preloadDeferred()],
  // Every call a screen makes answers with its default fixture; a story overrides with `msw.use(...)`.
  beforeEach({ msw }) {
    msw.use(...defaultHandlers);
  },
  decorators: [withQueryClient, withTheme],
  tags: ['autodocs'],
  initialGlobals: { theme: 'light' },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    // Every story is an accessibility check: any axe violation fails it in the test run.
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
};
export default preview;
