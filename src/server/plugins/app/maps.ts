import fp from 'fastify-plugin';
import { createMapsService, type MapsService } from '../../features/maps/maps-service';
import { createPlaceProofs, type PlaceProofs } from '../../lib/place-proof';

declare module 'fastify' {
  interface FastifyInstance {
    /** Places and routes from the configured providers, cached. */
    maps: MapsService;
    /** Signs the places GET /api/places/:id gives, and checks them when they come back (decision 210). */
    placeProofs: PlaceProofs;
  }
}

/** The maps service; tests pass one with a recorded vendor behind it. */
export const mapsPlugin = fp<{ maps?: MapsService; placeProofSecret: string }>(
  async (app, options) => {
    const { config } = app;
    app.decorate('placeProofs', createPlaceProofs(options.placeProofSecret));
    app.decorate(
      'maps',
      options.maps ??
        createMapsService({
          googleMapsApiKey: config.GOOGLE_MAPS_API_KEY,
          osrmUrl: config.OSRM_URL,
          geocoderUrl: config.GEOCODER_URL,
          geocoderKind: config.GEOCODER_KIND,
          timeoutMs: config.MAPS_TIMEOUT_MS,
        }),
    );
  },
  { name: 'maps', dependencies: ['config'] },
);
