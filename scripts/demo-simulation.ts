// The demo simulation's process, started by scripts/start.ts beside the
// server (src/server/features/demo-simulation/launch.ts): it moves the
// simulated demo drivers (not driver@demo.test, which is the newcomer's)
// through the server's HTTP API until the server tells it to stop.
import { DEMO_PASSWORD, SIMULATED_DRIVER_EMAILS } from '../src/server/db/seed/seed-demo-data';
import {
  createDemoSimulation,
  DEMO_TICK_SECONDS,
  runSimulationLoop,
  type Transport,
} from '../src/server/features/demo-simulation/demo-simulation';

const baseUrl = process.env.DEMO_SIMULATION_URL ?? 'http://localhost:3000';
const origin = process.env.DEMO_SIMULATION_ORIGIN ?? baseUrl;

const transport: Transport = async ({ method, path, body, cookie }) => {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: {
      origin,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, setCookies: response.headers.getSetCookie() };
};

const simulation = createDemoSimulation({
  transport,
  accounts: SIMULATED_DRIVER_EMAILS.map((email) => ({ email, password: DEMO_PASSWORD })),
  log: (message) => console.log(message),
});
const loop = runSimulationLoop(simulation, DEMO_TICK_SECONDS * 1000);

// The server asks this process to stop (npm start is stopping): the drivers
// end their shifts while the server still answers, then this process ends.
process.on('message', (message: unknown) => {
  if ((message as { type?: string } | null)?.type !== 'stop') return;
  void loop.stop().finally(() => process.exit(0));
});
// Ctrl-C reaches every process of the terminal's group: this one waits for the server's word.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => undefined);
// The server's process ended without a word (killed): nothing is left to talk to.
process.on('disconnect', () => process.exit(0));
