import { boot } from './boot';

// The prerendered home page's entry (scripts/prerender.mjs puts it in place of src/main.tsx): it
// hydrates the page without the router (src/home.tsx).
boot(() => import('./home'), true);
