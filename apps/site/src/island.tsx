import { systemTheme, toastStore } from '@ledgerline/ui';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { islandPages } from './islandPages';
import { DeferredGate } from './layout/deferred';
import type { RoutePath } from './layout/navigation';
import { firstSignOfAPerson } from './layout/presence';
import { PlainLink, type SiteNavigation, SiteNavigationContext } from './layout/siteNavigation';
import { ToastOutlet } from './layout/ToastOutlet';

export { appReady } from './layout/appReady';

// The theme goes on <html> so that portalled dialogs and toasts inherit it too.
document.documentElement.classList.add(systemTheme);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const load = islandPages.get(window.location.pathname.replace(/(.)\/$/, '$1'));
if (!load) throw new Error(`${window.location.pathname} is not an island page`);

let root: Root | undefined;

/**
 * After an action (signing in, a new password saved), the app takes the page over where it leads:
 * its code is fetched while the island still shows, then the island is unmounted and the app renders
 * the new path. Toasts raised on the way live in the shared toast store and stay on screen.
 */
async function startAppAt(to: RoutePath): Promise<void> {
  const { startApp } = await import('./app');
  window.history.pushState(null, '', to);
  // The island's Toaster takes its toasts with it as it unmounts: they are put back for the app's.
  const toasts = toastStore.getSnapshot();
  root?.unmount();
  toastStore.restore(toasts);
  await startApp();
}

const navigation: SiteNavigation = { Link: PlainLink, goTo: startAppAt };
const { default: Page, hydrates = () => true } = await load();
const page = (gate?: Promise<void>) => (
  <StrictMode>
    <SiteNavigationContext value={navigation}>
      <DeferredGate value={gate}>
        <Page />
      </DeferredGate>
      <ToastOutlet />
    </SiteNavigationContext>
  </StrictMode>
);
// A prerendered page is hydrated as it was rendered (entry-server.tsx renders the same tree), its
// deferred parts (the forms) when someone is there to use them; unless its query makes it show
// something else: then it is rendered afresh in place of the HTML, all of it at once.
if (container.hasChildNodes() && hydrates()) {
  root = hydrateRoot(container, page(firstSignOfAPerson));
} else {
  root = createRoot(container);
  root.render(page());
}
