import type { Config } from './config';
import type { Database, DatabaseKind } from './db/database';
import type { Auth } from './features/auth/auth';
import type { SessionCache } from './features/auth/session-cache';
import type { Mailer } from './features/mail/mailer';
import type { MapsService } from './features/maps/maps-service';
import type { SettingsRepository } from './features/settings/settings-repository';
import type { Connection } from './db/connect';

/** What every feature plugin may use; built once in app.ts. */
export type AppDeps = {
  config: Config;
  connection: Connection;
  db: Database;
  databaseKind: DatabaseKind;
  auth: Auth;
  /** Signed-in viewers by session, for 30 s; ended at once on sign-out, role change, disable. */
  sessions: SessionCache;
  settings: SettingsRepository;
  mailer: Mailer;
  maps: MapsService;
};

export type FeatureOptions = { deps: AppDeps };
