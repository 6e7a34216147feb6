import { and, eq, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { type SecurityMailEvent, securityMail } from '../../mail/messages';
import type { Services } from '../../services';
import { describeUserAgent, type RequestOrigin } from './user-agent';

/**
 * Mails an account's owner about a change to its security, after the answer: a mail server that is
 * down costs the mail (logged), never the change. `origin` is where the change came from.
 */
export function securityMailer({
  config,
  db,
  mailer,
  deferred,
}: Pick<Services, 'config' | 'db' | 'mailer' | 'deferred'>) {
  /**
   * `address`: the address to tell instead of the account's email (the old one, after a change);
   * `undo`: the link that undoes the change, offered in place of a password reset.
   */
  const send = (
    userId: string,
    event: SecurityMailEvent,
    origin: RequestOrigin,
    detail?: string,
    address?: string,
    undo?: { label: string; href: string },
  ) => {
    const at = new Date();
    deferred.run(`security mail: ${event}`, async () => {
      const [owner] = await db
        .select({ email: users.email, fullname: users.fullname })
        .from(users)
        .where(eq(users.id, userId));
      if (!owner) return;
      const { browser, system } = describeUserAgent(origin.userAgent);
      const from = `${browser} on ${system}, network ${origin.network || 'unknown'}`;
      const to = address ? { ...owner, email: address } : owner;
      await mailer.send({
        ...securityMail(config, to, event, {
          at,
          from,
          ...(detail ? { detail } : {}),
          ...(undo ? { undo } : {}),
        }),
        accountId: userId,
      });
    });
  };
  return {
    send,
    /**
     * After a sign-in that started `sessionId`: mails the owner when no other session of theirs, live
     * or ended, came from the same browser. An account's very first sign-in is no news.
     */
    async signedIn(userId: string, sessionId: string, origin: RequestOrigin) {
      const others = await db
        .select({ userAgent: sessions.userAgent })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, sessionId)));
      if (others.length === 0 || others.some((other) => other.userAgent === origin.userAgent)) return;
      send(userId, 'new browser sign-in', origin);
    },
  };
}
