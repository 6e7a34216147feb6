import { useEffect } from 'react';

let markReady: () => void = () => undefined;

/**
 * Settles once the app has the page: a prerendered page hydrated, or a shell path rendered. The
 * router hydrates each page below its root in a Suspense boundary of its own, after the root, so the
 * page's frames (PublicLayout, AuthFrame, DashboardLayout, ErrorScreen) say so, not the root. The
 * document then carries `data-ready`.
 */
export const appReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by every page frame: its effect runs once the frame and the page inside it are live. */
export function useMarkAppReady(): void {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
    markReady();
  }, []);
}
