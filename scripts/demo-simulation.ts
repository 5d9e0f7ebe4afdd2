// The demo simulation's process, started by scripts/start.ts beside the
// server (src/server/features/demo-simulation/launch.ts): it moves the demo
// drivers through the server's HTTP API until the server's process ends.
import { DEMO_PASSWORD, DEMO_USERS } from '../src/server/db/seed/seed-demo-data';
import {
  createDemoSimulation,
  DEMO_TICK_SECONDS,
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
  accounts: DEMO_USERS.filter((user) => user.role === 'driver').map((user) => ({
    email: user.email,
    password: DEMO_PASSWORD,
  })),
  log: (message) => console.log(message),
});

// Ticks never overlap: the next one is set when the last is done.
let stopped = false;
async function loop(): Promise<void> {
  if (stopped) return;
  await simulation.tick();
  setTimeout(() => void loop(), DEMO_TICK_SECONDS * 1000);
}

// The server's process ended (or closed the channel): stop with it.
process.on('disconnect', () => {
  stopped = true;
  process.exit(0);
});
void loop();
