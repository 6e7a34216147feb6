import type { ComponentType } from 'react';

/**
 * The pages hydrated without the router, one module per page in src/islands/, named after its path
 * (`index.tsx` is `/`, `about-us.tsx` is `/about-us`), each with its page as the default export. Such
 * a page loads React and its own components, not the router and the app: its links are plain page
 * loads, and an action that leads on (signing in) starts the app in place (src/island.tsx).
 */
const modules = import.meta.glob<{ default: ComponentType }>('./islands/*.tsx');

/** The path an island module serves: `./islands/about-us.tsx` → `/about-us`. */
const pathOf = (file: string) => {
  const name = file.replace(/^\.\/islands\/|\.tsx$/g, '');
  return name === 'index' ? '/' : `/${name}`;
};

/** Each island page's path, with the loader of its page. */
export const islandPages: ReadonlyMap<string, () => Promise<ComponentType>> = new Map(
  Object.entries(modules).map(([file, load]) => [
    pathOf(file),
    () => load().then((module) => module.default),
  ]),
);
