// What an integrator's script looks like with a client generated from
// /api/docs/json: `npx openapi-typescript <url>/api/docs/json -o api-schema.d.ts`
// gives the `paths` type, openapi-fetch does the calls, and the compiler
// checks paths, parameters, bodies and answers against the description.
// scripts/openapi-check.ts generates api-schema.d.ts from the current app and
// type-checks this file against it (so it is left out of the project's tsconfig).
//
// Run it: API_URL=http://localhost:3000 API_EMAIL=dispatcher@demo.test \
//   API_PASSWORD=demo1234 node --import tsx scripts/api-client/example.ts
import { pathToFileURL } from 'node:url';
import createClient from 'openapi-fetch';
import type { paths } from './api-schema';

export async function tourOfTheApi(baseUrl: string, email: string, password: string) {
  const api = createClient<paths>({ baseUrl });

  const health = await api.GET('/api/health');
  if (!health.data) throw new Error(`health: ${health.response.status}`);

  // Public: the fare for a 18.5 km, 25 minute ride.
  const quote = await api.POST('/api/quotes', {
    body: { distanceMeters: 18_500, durationSeconds: 1_500, vehicleType: 'Standard HUG' },
  });
  if (!quote.data) throw new Error(`quote: ${quote.error?.error.message}`);

  // The session cookie sign-in sets goes with every later request.
  const signIn = await api.POST('/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.data) throw new Error(`sign-in: ${signIn.error?.error.message}`);
  const cookie = signIn.response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

  const bookings = await api.GET('/api/bookings', {
    params: { query: { status: 'pending,assigned', limit: '20' } },
    headers: { cookie },
  });
  if (!bookings.data) throw new Error(`bookings: ${bookings.error?.error.message}`);

  return {
    database: health.data.database,
    fare: quote.data.roundedFare,
    bookings: bookings.data.bookings.map((booking) => `${booking.reference} ${booking.status}`),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const summary = await tourOfTheApi(
    process.env.API_URL ?? 'http://localhost:3000',
    process.env.API_EMAIL ?? 'dispatcher@demo.test',
    process.env.API_PASSWORD ?? 'demo1234',
  );
  console.log(JSON.stringify(summary, null, 2));
}
