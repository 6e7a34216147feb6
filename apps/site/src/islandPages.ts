import type { ComponentType } from 'react';

/**
 * An island page's module. `default` is the page. A page that renders from its query also says what
 * its prerendered HTML shows (`Prerendered`, rendered at build time with no query to read) and
 * whether the page, with the query it now has, shows exactly that (`hydrates`): the HTML is then
 * hydrated; otherwise the page is rendered afresh in its place.
 */
export type IslandModule = {
  default: ComponentType;
  Prerendered?: ComponentType;
  hydrates?: () => boolean;
};

/**
 * The pages hydrated without the router, one module per page in src/islands/, named after its path
 * (`index.tsx` is `/`, `about-us.tsx` is `/about-us`). Such a page loads React and its own
 * components, not the router and the app: its links are plain page loads, and an action that leads
 * on (signing in) starts the app in place (src/island.tsx).
 */
const modules = import.meta.glob<IslandModule>('./islands/*.tsx');

/** The path an island module serves: `./islands/about-us.tsx` → `/about-us`. */
const pathOf = (file: string) => {
  const name = file.replace(/^\.\/islands\/|\.tsx$/g, '');
  return name === 'index' ? '/' : `/${name}`;
};

/** Each island page's path, with the loader of its module. */
export const islandPages: ReadonlyMap<string, () => Promise<IslandModule>> = new Map(
  Object.entries(modules).map(([file, load]) => [pathOf(file), load]),
);
