import { userLiveEvents } from '../fixtures/live-events';
import { eventStreamOperation } from '../mock-operation';

export const eventMocks = {
  /**
   * The signed-in account's live events: by default a user's, each kind once, then a quiet open
   * stream. `mocks.streamEvents({ body: adminLiveEvents })` for the back office, `{ body: [] }` for
   * a stream that says nothing.
   */
  streamEvents: eventStreamOperation('streamEvents', 'get', '/events', { fixture: () => userLiveEvents }),
};
