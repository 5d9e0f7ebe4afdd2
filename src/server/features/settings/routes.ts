import {
  accessTableProblem,
  AccessTableSchema,
  normalizeAccessTable,
} from '../../../domain/access';
import { TariffTableSchema } from '../../../domain/fares';
import {
  BusinessSettingsSchema,
  DispatchSettingsInputSchema,
  EDITED_SETTING_NAMES,
  type EditedSetting,
  versionedSettingInput,
  DispatchSettingsSchema,
  NotificationSettingsSchema,
  SettingsResponseSchema,
  TimeZoneInputSchema,
  TimeZoneSchema,
} from '../../../domain/settings';
import { ErrorResponseSchema } from '../../../domain/api';
import { invalidField } from '../../lib/errors';
import { PROTECTED_ERRORS } from '../../lib/responses';
import { profileRoutes } from './profile-routes';
import { SETTING_KEYS } from './settings-repository';
import { defineFeature } from '../../plugins/app/feature';

const ERRORS = { ...PROTECTED_ERRORS, 409: ErrorResponseSchema };

/** The services these routes read from the app (plugins/app). */
const SERVICES = ['database', 'settings', 'auth'] as const;

/** The Settings screen's data: business, regional, fares, notifications, dispatch and the access table. */
export const settingsRoutes = defineFeature('settings', SERVICES, async (app) => {
  const { settings } = app;

  type Viewed = { viewer(): Promise<{ user: { id: string } | null }> };

  async function viewerId(request: Viewed) {
    return (await request.viewer()).user?.id ?? null;
  }

  /**
   * Saves one setting; with the version the admin's screen was filled from,
   * one saved since by anyone is refused (409) and nothing changes.
   */
  async function save(
    request: Viewed,
    setting: EditedSetting,
    value: unknown,
    expectedUpdatedAt: string | null | undefined,
  ) {
    await settings.write(SETTING_KEYS[setting], value, await viewerId(request), {
      updatedAt: expectedUpdatedAt,
      what: EDITED_SETTING_NAMES[setting],
    });
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
    async () => {
      const versions = await settings.versions();
      const versionOf = (setting: EditedSetting) => versions.get(SETTING_KEYS[setting]) ?? null;
      return {
        business: await settings.business(),
        timeZone: TimeZoneSchema.parse(await settings.timeZone()),
        tariffs: await settings.tariffs(),
        notifications: await settings.notifications(),
        dispatch: await settings.dispatch(),
        accessTable: await settings.accessTable(),
        versions: {
          business: versionOf('business'),
          timeZone: versionOf('timeZone'),
          tariffs: versionOf('tariffs'),
          notifications: versionOf('notifications'),
          dispatch: versionOf('dispatch'),
          accessTable: versionOf('accessTable'),
        },
      };
    },
  );

  app.put(
    '/api/settings/business',
    {
      config: { permission: 'settings:write' },
      schema: {
        tags: ['settings'],
        summary: 'Business name, contact details and the Book Now target',
        body: versionedSettingInput(BusinessSettingsSchema),
        response: { 200: BusinessSettingsSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, ...business } = request.body;
      await save(request, 'business', business, expectedUpdatedAt);
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
        body: versionedSettingInput(TimeZoneInputSchema),
        response: { 200: TimeZoneInputSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, timeZone } = request.body;
      await save(request, 'timeZone', timeZone, expectedUpdatedAt);
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
        body: versionedSettingInput(TariffTableSchema),
        response: { 200: TariffTableSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, ...tariffs } = request.body;
      await save(request, 'tariffs', tariffs, expectedUpdatedAt);
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
        body: versionedSettingInput(NotificationSettingsSchema),
        response: { 200: NotificationSettingsSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, ...chosen } = request.body;
      const recipients = [...new Set(chosen.recipients.map((email) => email.toLowerCase()))];
      await save(request, 'notifications', { ...chosen, recipients }, expectedUpdatedAt);
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
        body: versionedSettingInput(DispatchSettingsInputSchema),
        response: { 200: DispatchSettingsSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, ...timings } = request.body;
      const saved = await settings.dispatch();
      await save(request, 'dispatch', { ...saved, ...timings }, expectedUpdatedAt);
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
        body: versionedSettingInput(AccessTableSchema),
        response: { 200: AccessTableSchema, ...ERRORS },
      },
    },
    async (request) => {
      const { expectedUpdatedAt, ...requested } = request.body;
      const table = normalizeAccessTable(requested);
      const problem = accessTableProblem(table);
      if (problem) throw invalidField(problem.field, problem.problem);
      await save(request, 'accessTable', table, expectedUpdatedAt);
      return settings.accessTable();
    },
  );

  await app.register(profileRoutes);
});
