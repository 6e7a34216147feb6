import { unwrap } from '@ledgerline/api-client';
import { DashboardShell, Spinner } from '@ledgerline/ui';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { useApiData } from '../../api/useApiData';
import { siteConfig } from '../../config';
import { RouterLink } from '../../layout/RouterLink';
import { useSignedInFrame } from '../../layout/useSignedInFrame';
import { useLiveEvents } from '../../live/liveEvents';
import { useLiveStream } from '../../live/useLiveStream';
import { adminNavigation, type QueueCounts, withQueueCounts } from './adminNavigation';
import { FirstPasswordStep } from './FirstPasswordStep';
import { TwoFactorEnrolStep } from './TwoFactorEnrolStep';

/**
 * The back office's frame: the dashboard's shell with the operator's screens. When the session goes
 * away (logout, another tab, or a 401 from the server) it leaves for /sign-in. Once the admin is past
 * the first-password and two-factor steps (the server refuses the back office before), the queues'
 * live changes keep the navigation's pending counts and the screens current.
 */
export function AdminLayout() {
  const { session, pathname, logout } = useSignedInFrame();
  const [open, setOpen] = useState(false);
  const ready = open && session !== null && !session.mustChangePassword;
  useLiveStream(ready ? session.token : undefined);
  const counts = useQueueCounts(ready);
  if (!session) return null;

  return (
    <DashboardShell
      {...adminNavigation}
      items={withQueueCounts(adminNavigation.items, counts)}
      userName={session.name}
      onLogout={logout}
      currentPath={pathname}
      linkComponent={RouterLink}
      productName={`${siteConfig.productName} back office`}
    >
      {session.mustChangePassword ? (
        <FirstPasswordStep session={session} />
      ) : (
        <TwoFactorGate onOpen={() => setOpen(true)} />
      )}
    </DashboardShell>
  );
}

const loadSecurity = () => unwrap(api.GET('/auth/security'));

/**
 * The back office's screens, once the admin has two-factor on where the server requires it (it
 * refuses every other call until then). If the settings cannot be read, the screens show: their own
 * calls then say what is wrong.
 */
function TwoFactorGate({ onOpen }: { /** Called once the screens show. */ onOpen: () => void }) {
  const security = useApiData(loadSecurity);
  const [enrolled, setEnrolled] = useState(false);
  const mustEnrol = security.status === 'loaded' && security.data.twoFactorRequired && !enrolled;
  const opened = security.status !== 'loading' && !mustEnrol;
  useEffect(() => {
    if (opened) onOpen();
  }, [opened, onOpen]);
  if (security.status === 'loading') return <Spinner label="Loading the back office" />;
  if (mustEnrol) return <TwoFactorEnrolStep onEnrolled={() => setEnrolled(true)} />;
  return <Outlet />;
}

const loadQueues = () => unwrap(api.GET('/admin/summary')).then((summary) => summary.queues);

/**
 * The queues' pending counts for the navigation, once `ready`, and again whenever a request enters
 * or leaves a queue. Without them (not yet loaded, or refused) the navigation shows no counts.
 */
function useQueueCounts(ready: boolean): QueueCounts | null {
  const [counts, setCounts] = useState<QueueCounts | null>(null);
  const [version, setVersion] = useState(0);
  useLiveEvents(['queue.changed'], () => setVersion((current) => current + 1));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  useEffect(() => {
    if (!ready) return;
    let live = true;
    loadQueues().then(
      (queues) => {
        if (live) setCounts(queues);
      },
      (error: unknown) => console.error('The queues’ counts could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [ready, version]);
  return counts;
}
