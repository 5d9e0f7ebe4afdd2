import fp from 'fastify-plugin';
import { createEventBus, type EventBus } from '../../lib/live-events';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The live-events bus: the features that change bookings and drivers
     * publish, the live-events feature streams, and every process's caches
     * (settings, sessions) hear each other's changes through it.
     */
    liveEvents: EventBus;
  }
}

/** The app's one bus, closed after everything that publishes on it. */
export const liveEventsPlugin = fp(
  async (app) => {
    const bus = createEventBus(app, app.log);
    app.decorate('liveEvents', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'live-events', dependencies: ['config', 'database'] },
);
