import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicSettingsSchema, TimeZoneSchema } from '../../../domain/settings';
import type { SettingsRepository } from './settings-repository';

export const publicSettingsRoutes: FastifyPluginAsyncZod<{
  settings: SettingsRepository;
  tileUrl: string;
}> = async (app, { settings, tileUrl }) => {
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
};
