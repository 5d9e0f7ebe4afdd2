import { PublicSettingsSchema, TimeZoneSchema } from '../../../domain/settings';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['config', 'settings'] as const;

export const publicSettingsRoutes = defineFeature('public settings', SERVICES, async (app) => {
  const { settings } = app;
  const tileUrl = app.config.TILE_URL;
  app.get(
    '/api/public-settings',
    {
      config: { permission: 'public' },
      schema: {
        tags: ['settings'],
        summary: 'Business name, Book Now target, time zone and map tiles, for the public pages',
        response: { 200: PublicSettingsSchema },
      },
    },
    async () => ({
      business: await settings.business(),
      timeZone: TimeZoneSchema.parse(await settings.timeZone()),
      tileUrl,
      accessTable: await settings.accessTable(),
    }),
  );
});
