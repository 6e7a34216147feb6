import { DashboardShell, Spinner } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { siteConfig } from '../../config';
import { RouterLink } from '../../layout/RouterLink';
import { useSignedInFrame } from '../../layout/useSignedInFrame';
import { useLiveQueries } from '../../live/liveQueries';
import { useLiveStream } from '../../live/useLiveStream';
import { securityQuery } from '../../shared/securityQuery';
import { adminNavigation, type QueueCounts, withQueueCounts } from './adminNavigation';
import { FirstPasswordStep } from './FirstPasswordStep';
import { summaryQuery } from './summaryQuery';
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
  useLiveQueries();
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

/**
 * The back office's screens, once the admin has two-factor on where the server requires it (it
 * refuses every other call until then). If the settings cannot be read, the screens show: their own
 * calls then say what is wrong.
 */
function TwoFactorGate({ onOpen }: { /** Called once the screens show. */ onOpen: () => void }) {
  const security = useQuery(securityQuery);
  const [enrolled, setEnrolled] = useState(false);
  const mustEnrol = security.data?.twoFactorRequired === true && !enrolled;
  const opened = !security.isPending && !mustEnrol;
  useEffect(() => {
    if (opened) onOpen();
  }, [opened, onOpen]);
  if (security.isPending) return <Spinner label="Loading the back office" />;
  if (mustEnrol) return <TwoFactorEnrolStep onEnrolled={() => setEnrolled(true)} />;
  return <Outlet />;
}

/**
 * The queues' pending counts for the navigation, once `ready`, and again whenever a request enters
 * or leaves a queue (the summary query, invalidated by the live events). Without them (not yet
 * loaded, or refused) the navigation shows no counts.
 */
function useQueueCounts(ready: boolean): QueueCounts | null {
  const summary = useQuery({ ...summaryQuery, enabled: ready });
  const failure = summary.error;
  useEffect(() => {
    if (failure) console.error('The queues’ counts could not be loaded', failure);
  }, [failure]);
  return summary.data?.queues ?? null;
}
