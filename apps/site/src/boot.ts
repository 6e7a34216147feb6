import { loadFonts } from '@ledgerline/ui/fonts';
// Listens for the first sign of a person from the start: a deferred part loads its code on it.
import './layout/presence';

/** What a page's entry loads: the module that renders or hydrates it, and says when it is live. */
export type PageEntry = { appReady: Promise<void> };

/**
 * Runs `start` once the page's first contentful paint has been presented, or at once when the browser
 * cannot say (no paint timing, or a hidden tab that will not paint).
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const canObservePaint =
    document.visibilityState !== 'hidden' &&
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!canObservePaint) {
    once();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(once, 0);
  }).observe({ type: 'paint', buffered: true });
  // A page that never paints contentfully must still start.
  setTimeout(once, 2000);
}

/**
 * Starts a page: `prerendered` when its HTML is complete (a public page), else the empty shell.
 *
 * A prerendered page is painted first, in its metric-matched fallback font; only then does it ask for
 * Inter, for its modules (listed in the page's <template id="page-modules">, all fetched at once) and
 * for the entry that hydrates it. On a slow network and a slow phone the first paint waits for none
 * of them. The shell loads everything at once.
 *
 * No form here ever takes the browser's default action (a GET of this URL with every field, a
 * password too, in the address): the app handles every submission it knows. One it did not handle,
 * because the app did not yet have the page, is held, and made again once the app is ready.
 */
export function boot(loadEntry: () => Promise<PageEntry>, prerendered: boolean): void {
  let heldForm: HTMLFormElement | undefined;
  window.addEventListener('submit', (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    if (event.target instanceof HTMLFormElement) heldForm = event.target;
  });
  const start = () =>
    loadEntry()
      .then(({ appReady }) => appReady)
      .then(() => {
        const form = heldForm;
        heldForm = undefined;
        if (form?.isConnected) form.requestSubmit();
      });
  if (!prerendered) {
    loadFonts();
    void start();
    return;
  }
  afterFirstPaint(() => {
    loadFonts();
    const modules = document.getElementById('page-modules');
    if (modules instanceof HTMLTemplateElement) document.head.append(modules.content.cloneNode(true));
    void start();
  });
}
