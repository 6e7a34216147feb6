import type { Decorator } from '@storybook/react-vite';
import { useEffect, useSyncExternalStore } from 'react';
import { useLiveQueries } from '../live/liveQueries';
import { useDashboardLive } from '../live/useDashboardLive';
import { useLiveStream } from '../live/useLiveStream';

let open = false;
const listeners = new Set<() => void>();

function setOpen(value: boolean) {
  open = value;
  for (const listener of listeners) listener();
}

/**
 * Opens the story's live stream (`mocks.streamEvents` answers it): a play function calls it once the
 * screen shows its first figures, so the update is seen arriving.
 */
export function openLiveStream(): void {
  setOpen(true);
}

function useOpen() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

function DashboardLive() {
  useDashboardLive(useOpen() ? 'story-token' : undefined);
  return null;
}

function AdminLive() {
  useLiveStream(useOpen() ? 'story-token' : undefined);
  useLiveQueries();
  return null;
}

/**
 * Puts a screen story in the live frame of the dashboard (the stream, its toasts) or of the back office
 * (the stream), as the site's layouts do. The stream opens on `openLiveStream()` and closes with the
 * story.
 */
export function withLiveStream(frame: 'dashboard' | 'admin'): Decorator {
  return (Story) => {
    useEffect(() => () => setOpen(false), []);
    return (
      <>
        <Story />
        {frame === 'dashboard' ? <DashboardLive /> : <AdminLive />}
      </>
    );
  };
}
