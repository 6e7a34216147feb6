import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import './routeTitles';

/**
 * Keeps `<title>` and the meta description in step with the deepest route that names them. Prerendered
 * pages already carry theirs in the HTML (scripts/prerender.mjs); this keeps them right after
 * client-side navigation, loading the copy with the first navigation rather than with the page. It
 * renders nothing, so hydration never compares head tags.
 */
export function DocumentMeta() {
  const matches = useMatches();
  const noindex = matches.some((match) => match.staticData.noindex);
  useEffect(() => {
    // The shell the server sends a signed-in page in says noindex already; a page reached by
    // client-side navigation from a public one (signing in) needs the tag too, and a public page
    // reached from a signed-in one must lose it.
    const tag = document.querySelector('meta[name="robots"]');
    if (noindex && !tag) {
      const meta = document.createElement('meta');
      meta.name = 'robots';
      meta.content = 'noindex, nofollow';
      document.head.append(meta);
    } else if (!noindex) tag?.remove();
  }, [noindex]);
  const named = [...matches].reverse().find((match) => match.staticData.page || match.staticData.title);
  const page = named?.staticData.page;
  const title = named?.staticData.title;
  useEffect(() => {
    if (title) document.title = title;
    if (!page) return;
    let live = true;
    void import('./pageMeta').then(({ metaOf }) => {
      if (!live) return;
      const meta = metaOf(page);
      document.title = meta.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
    });
    return () => {
      live = false;
    };
  }, [page, title]);
  return null;
}
