import { unwrap } from '@ledgerline/api-client';
import { Badge, Button, Card, Spinner, toast, visuallyHidden } from '@ledgerline/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { api } from '../../../../api/api';
import { useReload } from '../../../../api/queryClient';
import { formatDateTime } from '../../../../shared/formatDate';
import { showRequestFailure } from '../../../../shared/requestFailure';
import * as styles from './SecurityPanels.css';
import { type SessionInfo, sessionsQuery } from './securityData';

/** What the device is, as a person knows it: "Safari 18 on iOS". */
export const deviceName = (session: SessionInfo) => `${session.browser} on ${session.system}`;

/**
 * Sessions: every browser still signed in to the account, this one marked "This device". Any other
 * can be signed out, or all of them at once. After a sign-out the list is fetched again; focus moves
 * to the next session's "Sign out", or to the panel's heading when none is left.
 */
export function SessionsPanel() {
  const sessions = useQuery(sessionsQuery);
  const reloadSessions = useReload(sessionsQuery.queryKey);
  const [pending, setPending] = useState<string | null>(null);
  const headingRef = useRef<HTMLSpanElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The place in the list of the session just signed out, to put focus near once the list reloads.
  const focusAfterReload = useRef<number | null>(null);

  const list = sessions.isSuccess ? sessions.data : null;
  const others = list?.filter((session) => !session.current) ?? [];

  // Runs when a new list arrives (a reload keeps the old one on screen until then).
  useEffect(() => {
    const index = focusAfterReload.current;
    if (index === null || list === null) return;
    focusAfterReload.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>('[data-sign-out]') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? headingRef.current)?.focus();
  }, [list]);

  const signOut = async (key: string, index: number, request: () => Promise<{ msg: string }>) => {
    setPending(key);
    try {
      const { msg } = await request();
      toast.success(msg);
      focusAfterReload.current = index;
      reloadSessions();
    } catch (error) {
      showRequestFailure(error);
    } finally {
      setPending(null);
    }
  };

  const signOutOne = (session: SessionInfo, index: number) =>
    signOut(session._id, index, () =>
      unwrap(api.DELETE('/auth/sessions/{sessionId}', { params: { path: { sessionId: session._id } } })),
    );
  const signOutOthers = () => signOut('others', 0, () => unwrap(api.POST('/auth/sessions/revoke-others')));

  let content: ReactNode;
  if (sessions.isPending) {
    content = (
      <div className={styles.loading}>
        <Spinner label="Loading your sessions" />
      </div>
    );
  } else if (sessions.isError) {
    content = (
      <div className={styles.failed}>
        <p className={styles.failedText}>Your sessions could not be loaded: {sessions.error.msg}</p>
        <Button variant="secondary" onClick={reloadSessions}>
          Try again
        </Button>
      </div>
    );
  } else {
    content = (
      <div className={styles.panelBody}>
        <ul ref={listRef} className={styles.list} aria-label="Sessions signed in">
          {sessions.data.map((session) => (
            <li key={session._id} className={styles.listItem}>
              <div className={styles.entry}>
                <p className={styles.entryTitle}>
                  {deviceName(session)}
                  {session.current && <Badge tone="accent">This device</Badge>}
                </p>
                <p className={styles.entryMeta}>
                  Near {session.address} · Signed in{' '}
                  <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time> · Last used{' '}
                  <time dateTime={session.lastUsedAt}>{formatDateTime(session.lastUsedAt)}</time>
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  data-sign-out
                  loading={pending === session._id}
                  disabled={pending !== null && pending !== session._id}
                  onClick={() => signOutOne(session, others.indexOf(session))}
                >
                  Sign out<span className={visuallyHidden}> {deviceName(session)}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length === 0 ? (
          <p className={styles.muted}>Only this device is signed in.</p>
        ) : (
          <div className={styles.footer}>
            <Button
              variant="secondary"
              loading={pending === 'others'}
              disabled={pending !== null && pending !== 'others'}
              onClick={signOutOthers}
            >
              Sign out everywhere else
            </Button>
          </div>
        )}
      </div>
    );
  }

  return (
    <Card
      title={
        // Takes focus when the last other session is signed out and its button goes away.
        <span ref={headingRef} tabIndex={-1} className={styles.titleFocus}>
          Sessions
        </span>
      }
      titleAs="h2"
    >
      {content}
    </Card>
  );
}
