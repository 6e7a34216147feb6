/**
 * A route's `validateSearch`: keeps only the route's own keys. Their values are validated with zod where
 * they are read, in the route's component, which the router splits into its own chunk: `validateSearch`
 * loads with every page, and zod's core would add about 12 KB gzip to the home page's first load.
 */
export function pickSearch<Key extends string>(...keys: Key[]) {
  return (search: Record<string, unknown>): Partial<Record<Key, unknown>> => {
    const picked: Partial<Record<Key, unknown>> = {};
    for (const key of keys) if (key in search) picked[key] = search[key];
    return picked;
  };
}
