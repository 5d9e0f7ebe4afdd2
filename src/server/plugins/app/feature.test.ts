import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { quoteRoutes } from '../../features/fares/routes';
import { settingsPlugin } from './settings';
import { defineFeature } from './feature';

describe('services and features as plugins', () => {
  it('refuses to start a feature registered before a service it reads', async () => {
    const app = Fastify();
    await expect(app.register(quoteRoutes)).rejects.toThrow(
      "The dependency 'settings' of plugin 'fares routes' is not registered",
    );
    await app.close();
  });

  it('refuses to start a service registered before the services it is built from', async () => {
    const app = Fastify();
    await expect(app.register(settingsPlugin)).rejects.toThrow(
      "The dependency 'database' of plugin 'settings' is not registered",
    );
    await app.close();
  });

  it('keeps a feature’s hooks to its own routes', async () => {
    const app = Fastify();
    const seen: string[] = [];
    await app.register(
      defineFeature('first', [], async (feature) => {
        feature.addHook(
          'onRequest',
          async (request) => void seen.push(request.routeOptions.url ?? '(no route)'),
        );
        feature.get('/first', async () => 'first');
      }),
    );
    app.get('/other', async () => 'other');
    await app.inject('/first');
    await app.inject('/other');
    expect(seen).toEqual(['/first']);
    await app.close();
  });
});
