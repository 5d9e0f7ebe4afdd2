import fp from 'fastify-plugin';
import {
  createSettingsRepository,
  type SettingsRepository,
} from '../../features/settings/settings-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The business settings, cached per process. */
    settings: SettingsRepository;
  }
}

/**
 * The settings store. Each process caches settings: a save here tells every
 * process on the database through the live-events channel, and each drops its copy.
 */
export const settingsPlugin = fp(
  async (app) => {
    const settings = createSettingsRepository(app.db, app.log);
    const bus = app.liveEvents;
    settings.onWrite((key) => bus.publishSettingsChanged(key));
    await bus.onSettingsChanged((key) => settings.forget(key));
    app.decorate('settings', settings);
  },
  { name: 'settings', dependencies: ['database', 'live-events'] },
);
