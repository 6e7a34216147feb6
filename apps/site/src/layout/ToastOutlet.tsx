import { toastStore } from '@ledgerline/ui';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';

// Most visits never raise a toast: the Toaster (Radix Toast) loads with the first one, not with the page.
const Toaster = lazy(() => import('@ledgerline/ui/toaster').then((module) => ({ default: module.Toaster })));

/** Mounts the Toaster once the first toast is raised, and keeps it mounted from then on. */
export function ToastOutlet() {
  const hasToasts = useSyncExternalStore(
    toastStore.subscribe,
    () => toastStore.getSnapshot().length > 0,
    () => false,
  );
  const [needed, setNeeded] = useState(hasToasts);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
