import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { api } from '../api/api';
import { clearSession, useSession } from '../session/session';
import { useMarkAppReady } from './appReady';

/**
 * What a signed-in frame (the dashboard's, the back office's) needs: the saved session, the path
 * shown, and Logout. When the session goes away (logout, another tab, or a 401 from the server) the
 * frame leaves for /sign-in; until then `session` is null and the frame renders nothing. What the
 * session's queries loaded goes with it: the next person signed in on this tab starts afresh.
 */
export function useSignedInFrame() {
  useMarkAppReady();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (session) return;
    queryClient.clear();
    void navigate({ to: '/sign-in', replace: true });
  }, [session, navigate, queryClient]);

  const logout = () => {
    // The token is revoked on the server; the saved session goes whatever the answer: logout always
    // removes it and goes to /sign-in.
    void api.POST('/auth/logout').catch(() => undefined);
    clearSession();
  };

  return { session, pathname, logout };
}
