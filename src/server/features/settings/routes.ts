import {
  accessTableProblem,
  AccessTableSchema,
  normalizeAccessTable,
} from '../../../domain/access';
import { TariffTableSchema } from '../../../domain/fares';
import {
  BusinessSettingsSchema,
  DispatchSettingsInputSchema,
  DispatchSettingsSchema,
  NotificationSettingsSchema,
  SettingsResponseSchema,
  TimeZoneInputSchema,
  TimeZoneSchema,
} from '../../../domain/settings';
import { invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { profileRoutes } from './profile-routes';
import { SETTING_KEYS } from './settings-repository';
import { defineFeature } from '../../plugins/app/feature';

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings', 'auth'] as const;

/** The Settings screen's data: business, regional, fares, notifications, dispatch and the access table. */
export const settingsRoutes = defineFeature('settings', SERVICES, async (app) => {
  const { settings } = app;

  async function viewerId(request: { viewer(): Promise<{ user: { id: string } | null }> }) {
    return (await request.viewer()).user?.id ?? null;
  }

  app.get(
    '/api/settings',
    {
      config: { permission: 'settings:read' },
      schema: {
        tags: ['settings'],
        summary: 'Every setting an admin edits',
        response: { 200: SettingsResponseSchema, ...PROTECTED_ERRORS },
      },
    },
    async () => ({
      business: await settings.business(),
      timeZone: TimeZoneSchema.parse(await settings.timeZone()),
      tariffs: await settings.tariffs(),
      notifications: await settings.notifications(),
      dispatch: await settings.dispatch(),
      accessTable: await settings.accessTable(),
    }),
  );

  app.put(
    '/api/settings/business',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: 'Business name, contact details and the Book Now target',
        body: BusinessSettingsSchema,
        response: { 200: BusinessSettingsSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      await settings.write(SETTING_KEYS.business, request.body, await viewerId(request));
      return settings.business();
    },
  );

  app.put(
    '/api/settings/time-zone',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: 'The business time zone: what "today" means on every screen',
        body: TimeZoneInputSchema,
        response: { 200: TimeZoneInputSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      await settings.write(SETTING_KEYS.timeZone, request.body.timeZone, await viewerId(request));
      return { timeZone: TimeZoneSchema.parse(await settings.timeZone()) };
    },
  );

  app.put(
    '/api/settings/tariffs',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: 'The tariff table in cents; quotes use it at once',
        body: TariffTableSchema,
        response: { 200: TariffTableSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      await settings.write(SETTING_KEYS.tariffs, request.body, await viewerId(request));
      return settings.tariffs();
    },
  );

  app.put(
    '/api/settings/notifications',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: 'Which events send mail, and to whom',
        body: NotificationSettingsSchema,
        response: { 200: NotificationSettingsSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const recipients = [...new Set(request.body.recipients.map((email) => email.toLowerCase()))];
      await settings.write(
        SETTING_KEYS.notifications,
        { ...request.body, recipients },
        await viewerId(request),
      );
      return settings.notifications();
    },
  );

  app.put(
    '/api/settings/dispatch',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary:
          'Dispatch timings: the acknowledgement timeout, the no-show waiting time and the set-off window',
        description:
          'Whole minutes. An assignment not accepted within the acknowledgement timeout is flagged to dispatch; a driver may mark a no-show only after waiting this long at the pickup; a driver may tap En route or Completed no earlier than the set-off window before the pickup time (the driver app reads it from its jobs answer). All apply at once.',
        body: DispatchSettingsInputSchema,
        response: { 200: DispatchSettingsSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const saved = await settings.dispatch();
      await settings.write(
        SETTING_KEYS.dispatch,
        { ...saved, ...request.body },
        await viewerId(request),
      );
      return settings.dispatch();
    },
  );

  app.put(
    '/api/settings/access-table',
    {
      config: { permission: 'users:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Which roles may open each area (and so use its API)',
        body: AccessTableSchema,
        response: { 200: AccessTableSchema, ...PROTECTED_ERRORS },
      },
    },
    async (request) => {
      const table = normalizeAccessTable(request.body);
      const problem = accessTableProblem(table);
      if (problem) throw invalidField(problem.field, problem.problem);
      await settings.write(SETTING_KEYS.accessTable, table, await viewerId(request));
      return settings.accessTable();
    },
  );

  await app.register(profileRoutes);
});
