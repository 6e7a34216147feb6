import { boot } from './boot';

// The island pages' entry (scripts/prerender.mjs puts it in place of src/main.tsx): it renders the
// page without the router (src/island.tsx). A prerendered page is painted before any script runs.
boot(() => import('./island'), document.getElementById('root')?.hasChildNodes() ?? false);
