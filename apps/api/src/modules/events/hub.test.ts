import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../testing/database';
import { until } from '../../testing/until';
import { LiveEventHub } from './hub';
import { eventAnnouncer, type RaisedEvent, raiseEventCte } from './live-events';

/*
 * A statement that raises its events with `announce: 'after commit'` notifies no one itself: its
 * caller announces them once committed. An instance that stopped in between never announces them,
 * and the streams get them all the same, at the hub's next round.
 */

/** Raises a `notification.changed` event for `recipient` in one statement that notifies no one. */
async function raiseUnannounced(recipient: string): Promise<void> {
  const { db } = await testDatabase();
  await db.execute(
    sql`WITH ${raiseEventCte(
      'raised',
      {
        recipient: sql`${recipient}`,
        event: sql`${JSON.stringify({ type: 'notification.changed' })}::jsonb`,
      },
      sql``,
      { announce: 'after commit' },
    )} SELECT 1`,
  );
}

describe('events raised to be announced after their commit', () => {
  it('reach the streams at the next round even when never announced', async () => {
    const { db } = await testDatabase();
    // No notifications reach this hub: only its own rounds read the table.
    const hub = new LiveEventHub(db, pino({ enabled: false }), { catchUpMs: 50 });
    await hub.start();
    try {
      const recipient = randomUUID();
      const received: RaisedEvent[] = [];
      hub.subscribe([recipient], (raised) => received.push(raised));
      await raiseUnannounced(recipient);
      await until(() => received.length > 0);
      expect(received.map((raised) => raised.event)).toEqual([{ type: 'notification.changed' }]);
    } finally {
      hub.stop();
    }
  });

  it('are announced in one notification for any number asked at once', async () => {
    const { db } = await testDatabase();
    let sent = 0;
    const counting = {
      ...db,
      execute: (statement: Parameters<typeof db.execute>[0]) => {
        sent += 1;
        return db.execute(statement);
      },
    } as typeof db;
    const announce = eventAnnouncer(counting);
    await Promise.all(Array.from({ length: 20 }, () => announce()));
    // The first goes at once; the others, asked while it was sent, share the next.
    expect(sent).toBe(2);
  });
});
