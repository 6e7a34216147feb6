import type { FastifyBaseLogger } from 'fastify';
import { clientOf } from '../../http/client-address';
import { HttpError } from '../../http/errors';
import type { Operations } from '../../http/operations';
import type { Services } from '../../services';
import { bearerToken, findSignedInAccount, signedInAccount } from '../auth/sessions';
import type { LiveEventHub } from './hub';
import { adminsAudience, type RaisedEvent } from './live-events';
import { type StreamClaim, type StreamClaims, streamClaims } from './stream-claims';
import { type EventStreams, type OpenStream, streamsPerAccount } from './streams';

/** A comment line this often keeps proxies from closing a quiet stream. */
export const defaultHeartbeatMs = 15_000;

/** When this instance stops, its streams tell clients to come back after this long (to another). */
export const stopRetryMs = 1_000;

/** A client that reads nothing while this much waits unsent is gone: its stream ends. */
const maxUnsentBytes = 256 * 1024;

export type EventStreamSettings = {
  hub: LiveEventHub;
  streams: EventStreams;
  /** Milliseconds between heartbeats, each of which also checks the stream's session. */
  heartbeatMs?: number;
};

export const tooManyStreamsMessage = `You have ${streamsPerAccount} live connections open already. Close one (another tab or device) and try again.`;
export const tooManyStreamsFromAddressMessage =
  'Too many live connections are open from your network. Close some and try again.';
export const instanceFullMessage = 'Live updates are busy right now. Trying again in a moment.';

/** One server-sent event: its id, its type as the event name, and the event as JSON data. */
function eventText({ id, event }: RaisedEvent): string {
  // JSON.stringify never writes a line break, so the data is one `data:` line.
  return `id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * `GET /events`: the signed-in account's live events as server-sent events. A user receives their
 * own; an admin the back office's too. Events go out in increasing ids, each only once every lower
 * id is settled (`LiveEventHub`), so the last id a client read is a place to resume from. A stream
 * that resumes (`Last-Event-ID`) first gets what it missed from the table, up to the id the hub had
 * settled when it subscribed, then what the hub hands on after that: no gap and no repeat between
 * the two. Nothing at or below the client's id is sent, even from an instance that settles later.
 */
export function eventOperations(
  { config, db, lifecycle, metrics, sessionChecks }: Services,
  { hub, streams, heartbeatMs = defaultHeartbeatMs }: EventStreamSettings,
) {
  // Made at the first stream, with the app's logger; let go when the instance stops. A lost hold on
  // the places ends this instance's streams: they come back, and claim anew.
  let claims: StreamClaims | null = null;
  const placesOf = (log: FastifyBaseLogger): StreamClaims => {
    if (claims) return claims;
    const made = streamClaims(db, log, () => streams.endWhere(() => true, stopRetryMs));
    lifecycle.onStop(() => void made.close());
    claims = made;
    return made;
  };

  return {
    streamEvents: {
      async handler(request, reply) {
        const account = signedInAccount(request);
        const token = bearerToken(request) ?? '';
        // A stream opened while the instance stops ends at once, with its retry hint: it takes no place.
        let claim: StreamClaim | null = null;
        let place: { release(): void } | null = null;
        if (!lifecycle.isStopping) {
          // This instance's own caps first (per network address, and in all), then the account's
          // places across instances.
          const address = clientOf(request.ip);
          const taken = streams.take(address, {
            perAddress: config.EVENT_STREAMS_PER_ADDRESS,
            perInstance: config.EVENT_STREAMS_PER_INSTANCE,
          });
          if (taken === 'instance full')
            throw new HttpError(503, instanceFullMessage, { 'retry-after': '5' });
          if (taken === 'address full') {
            throw new HttpError(429, tooManyStreamsFromAddressMessage, { 'retry-after': '30' });
          }
          place = taken;
          // The client may leave while its place is claimed; it is let go again then.
          let left = false;
          const leaving = () => {
            left = true;
          };
          reply.raw.once('close', leaving);
          try {
            claim = await placesOf(request.server.log).claim(account.userId);
          } catch (error) {
            place.release();
            throw error;
          } finally {
            reply.raw.off('close', leaving);
          }
          if (!claim) {
            place.release();
            throw new HttpError(429, tooManyStreamsMessage, { 'retry-after': '30' });
          }
          if (left) {
            claim.release();
            place.release();
            reply.hijack();
            return reply;
          }
        }
        const lastEventId = request.headers['last-event-id'];
        const resumeAfter = typeof lastEventId === 'string' ? Number(lastEventId) : null;
        const recipients = account.role === 'admin' ? [account.userId, adminsAudience] : [account.userId];

        reply.hijack();
        const raw = reply.raw;
        // The headers every answer gets (the security headers among them) stay on this one.
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined) raw.setHeader(name, value);
        }
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          // Proxies that buffer answers (nginx) would hold events back.
          'x-accel-buffering': 'no',
        });
        raw.flushHeaders();

        // Ids only ever increase on a stream: the newest sent is all it needs to send none twice.
        let newestSent = resumeAfter ?? 0;
        let held: RaisedEvent[] | null = [];
        let ended = false;
        const write = (text: string) => {
          if (ended) return;
          raw.write(text);
          if (raw.writableLength > maxUnsentBytes) stream.end();
        };
        const send = (raised: RaisedEvent) => {
          if (raised.id <= newestSent) return;
          newestSent = raised.id;
          write(eventText(raised));
        };

        const stream: OpenStream = {
          userId: account.userId,
          sessionId: account.sessionId,
          end(retryMs) {
            if (ended) return;
            if (retryMs !== undefined) raw.write(`retry: ${retryMs}\n\n`);
            ended = true;
            raw.end();
          },
        };
        // What the hub hands on from here is after `settled`; what came before is in the table.
        const settled = hub.settledUpTo;
        const unsubscribe = hub.subscribe(recipients, (raised) => {
          if (held) held.push(raised);
          else send(raised);
        });
        streams.add(stream);
        metrics.openEventStreams.inc();
        const stopListening = lifecycle.onStop(() => stream.end(stopRetryMs));
        // A revoked or expired session ends its streams, at the latest at the next heartbeat; so
        // does a change of role (what the stream receives depends on it).
        const heartbeat = setInterval(() => {
          findSignedInAccount(db, sessionChecks, token, config, new Date(), { use: false }).then(
            (live) => {
              if (!live || live.sessionId !== account.sessionId || live.role !== account.role) stream.end();
              else write(': heartbeat\n\n');
            },
            (error: unknown) =>
              request.log.warn({ err: error }, 'an event stream could not check its session'),
          );
        }, heartbeatMs);

        let cleanedUp = false;
        const cleanUp = () => {
          if (cleanedUp) return;
          cleanedUp = true;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          stopListening();
          streams.remove(stream);
          claim?.release();
          place?.release();
          metrics.openEventStreams.dec();
        };
        raw.once('close', cleanUp);
        raw.once('error', cleanUp);

        try {
          if (resumeAfter !== null && settled === null) {
            // This instance has not read the events yet (its database was away): the client comes
            // back later, with its id, rather than miss what it asked for.
            stream.end(stopRetryMs);
          } else if (resumeAfter !== null && settled !== null) {
            for (const missed of await hub.eventsBetween(recipients, resumeAfter, settled)) send(missed);
          }
        } catch (error) {
          request.log.error({ err: error }, 'an event stream could not read what it missed');
          stream.end(stopRetryMs);
        }
        const arrived = held;
        held = null;
        for (const raised of arrived) send(raised);
        return reply;
      },
    },
  } satisfies Operations;
}
