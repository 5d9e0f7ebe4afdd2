import fp from 'fastify-plugin';
import { createAuth, type Auth } from '../../features/auth/auth';
import { createSessionCache, type SessionCache } from '../../features/auth/session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** better-auth: accounts, passwords, sessions. */
    auth: Auth;
    /** Signed-in viewers by session, for 30 s; ended at once on sign-out, role change, disable. */
    sessions: SessionCache;
  }
}

/**
 * better-auth and the session cache. Likewise cached sessions: a sign-out,
 * role change or disable here drops the user's cached viewers in every
 * process (decision 32).
 */
export const authPlugin = fp<{ authSecret: string }>(
  async (app, { authSecret }) => {
    const { config } = app;
    const sessions = createSessionCache();
    const auth = createAuth({
      onSessionsEnded: (userId) => sessions.endSessionsOf(userId),
      db: app.db,
      log: app.log,
      secret: authSecret,
      baseUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
      mailer: app.mailer,
      businessName: async () => (await app.settings.business()).name,
      signInIpLimitPerMinute: config.SIGN_IN_IP_LIMIT,
    });
    const bus = app.liveEvents;
    sessions.onSessionsEnded((userId) => bus.publishSessionsChanged(userId));
    await bus.onSessionsChanged((userId) =>
      userId === null ? sessions.forgetAll() : sessions.forgetUser(userId),
    );
    app.decorate('sessions', sessions);
    app.decorate('auth', auth);
  },
  { name: 'auth', dependencies: ['config', 'database', 'live-events', 'mail', 'settings'] },
);
