import type { BookingStatus } from '../../../domain/bookings/status';
import { haversineMeters, type LatLng } from '../../../domain/maps';
import { TRIP_PLACES } from '../../db/seed/perth-reference-data';
import { dropoffPoint, pickupPoint } from '../../../domain/maps/coordinates';

// The demo simulation: the seeded demo drivers sign in, start a shift, drive
// about Perth and work their jobs, through the same HTTP API a driver's phone
// uses (sign-in, shift, location, jobs, acknowledge, status), so a newcomer
// opening /dispatch sees a live board and the driver API is exercised.

/** One HTTP exchange with the app: the script uses fetch, the test app.inject. */
export type Transport = (request: {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  cookie?: string;
}) => Promise<{ status: number; body: unknown; setCookies: string[] }>;

export type DemoDriverAccount = { email: string; password: string };

export type SimulationOptions = {
  transport: Transport;
  accounts: readonly DemoDriverAccount[];
  /** Road speed in the city; a trip moves this far each simulated second. */
  speedMetersPerSecond?: number;
  /** Simulated seconds between ticks (the script ticks this often in real time). */
  tickSeconds?: number;
  /** Picks places and dwell times; tests pass a seeded one. */
  random?: () => number;
  log?: (message: string) => void;
};

/** About 50 km/h: a plausible average on Perth's roads with lights. */
export const DEMO_SPEED_METERS_PER_SECOND = 14;
export const DEMO_TICK_SECONDS = 5;
/** Within this of the pickup or dropoff counts as there. */
const ARRIVAL_METERS = 60;
/** A job is started (en route) this long before its pickup, or the set-off window if shorter. */
const START_BEFORE_PICKUP_MS = 45 * 60_000;

type JobView = {
  id: string;
  reference: string;
  status: BookingStatus;
  pickupTime: string;
  pickupLat: number | null;
  pickupLng: number | null;
  dropoffLat: number | null;
  dropoffLng: number | null;
  acknowledgedAt: string | null;
};
type JobsView = {
  current: JobView | null;
  upcoming: JobView[];
  /** Settings → Dispatch: the server refuses En route before it, as the phone does. */
  setOffWindowMinutes: number;
};

type DriverState = {
  account: DemoDriverAccount;
  cookie: string | null;
  /** Set when the driver cannot take part (no profile, may not work): said once. */
  skipped: string | null;
  position: LatLng;
  heading: number | null;
  /** Where the car is heading with no job: a Perth place. */
  cruiseTo: LatLng;
  /** Made-up coordinates for jobs without any, kept per job so the car does not wander. */
  jobPlaces: Map<string, { pickup: LatLng; dropoff: LatLng }>;
  /** Ticks spent at the pickup, waiting for the passenger. */
  waitedTicks: number;
};

export type DemoSimulation = {
  /** Signs in and starts shifts (once), then moves every driver one tick. */
  tick(): Promise<void>;
  /** Ends the shift of every driver it put on shift (End Shift, as on the phone). */
  endShifts(): Promise<void>;
  /** What each driver is doing, for logs and tests. */
  positions(): { email: string; position: LatLng; skipped: string | null }[];
};

function place(random: () => number): LatLng {
  const chosen = TRIP_PLACES[Math.floor(random() * TRIP_PLACES.length)] ?? TRIP_PLACES[0]!;
  return { lat: chosen.lat, lng: chosen.lng };
}

/** Compass bearing from a to b, degrees. */
function bearing(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b.lng - a.lng) * rad) * Math.cos(b.lat * rad);
  const x =
    Math.cos(a.lat * rad) * Math.sin(b.lat * rad) -
    Math.sin(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos((b.lng - a.lng) * rad);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

/**
 * One step of `meters` towards the target along the road grid: Perth's
 * streets run roughly north-south and east-west, so the car closes the longer
 * leg first rather than cutting across blocks. Returns the new position.
 */
export function stepTowards(from: LatLng, to: LatLng, meters: number): LatLng {
  if (haversineMeters(from, to) <= meters) return { ...to };
  const corner = { lat: to.lat, lng: from.lng };
  const northSouth = haversineMeters(from, corner);
  const eastWest = haversineMeters(corner, to);
  const leg = northSouth >= eastWest && northSouth > 1 ? corner : { lat: from.lat, lng: to.lng };
  const legMeters = haversineMeters(from, leg);
  if (legMeters <= meters) {
    return stepTowards(leg, to, meters - legMeters);
  }
  const share = meters / legMeters;
  return {
    lat: from.lat + (leg.lat - from.lat) * share,
    lng: from.lng + (leg.lng - from.lng) * share,
  };
}

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

export function createDemoSimulation(options: SimulationOptions): DemoSimulation {
  const random = options.random ?? Math.random;
  const speed = options.speedMetersPerSecond ?? DEMO_SPEED_METERS_PER_SECOND;
  const tickSeconds = options.tickSeconds ?? DEMO_TICK_SECONDS;
  const log = options.log ?? (() => undefined);
  const drivers: DriverState[] = options.accounts.map((account) => ({
    account,
    cookie: null,
    skipped: null,
    position: place(random),
    heading: null,
    cruiseTo: place(random),
    jobPlaces: new Map(),
    waitedTicks: 0,
  }));

  async function call(driver: DriverState, method: 'GET' | 'POST', path: string, body?: unknown) {
    return options.transport({
      method,
      path,
      ...(body === undefined ? {} : { body }),
      ...(driver.cookie ? { cookie: driver.cookie } : {}),
    });
  }

  function skip(driver: DriverState, reason: string) {
    driver.skipped = reason;
    log(`Demo simulation: ${driver.account.email} is left out: ${reason}`);
  }

  /** Sign in once (the sign-in limits count each attempt) and go on shift. */
  async function join(driver: DriverState): Promise<void> {
    const signIn = await call(driver, 'POST', '/api/auth/sign-in/email', {
      email: driver.account.email,
      password: driver.account.password,
    });
    if (signIn.status !== 200) return skip(driver, `sign-in answered ${signIn.status}`);
    driver.cookie = cookieHeader(signIn.setCookies);
    const home = await call(driver, 'GET', '/api/drivers/me/home');
    if (home.status !== 200) return skip(driver, `no driver profile (${home.status})`);
    const { shift, driver: profile } = home.body as {
      shift: unknown;
      driver: { location: { lat: number; lng: number } | null } | null;
    };
    if (profile?.location)
      driver.position = { lat: profile.location.lat, lng: profile.location.lng };
    if (!shift) {
      const started = await call(driver, 'POST', '/api/drivers/me/shift', {});
      if (started.status !== 200) {
        const message = (started.body as { error?: { message?: string } }).error?.message;
        return skip(driver, message ?? `Start Shift answered ${started.status}`);
      }
    }
  }

  function coordinatesOf(driver: DriverState, job: JobView) {
    let made = driver.jobPlaces.get(job.id);
    if (!made) {
      made = { pickup: place(random), dropoff: place(random) };
      driver.jobPlaces.set(job.id, made);
    }
    return {
      pickup: pickupPoint(job) ?? made.pickup,
      dropoff: dropoffPoint(job) ?? made.dropoff,
    };
  }

  async function setStatus(driver: DriverState, job: JobView, status: BookingStatus) {
    const answer = await call(driver, 'POST', `/api/bookings/${job.id}/status`, { status });
    if (answer.status !== 200) {
      log(`Demo simulation: ${job.reference} ${job.status} → ${status} answered ${answer.status}`);
    }
  }

  function drive(driver: DriverState, target: LatLng): boolean {
    const next = stepTowards(driver.position, target, speed * tickSeconds);
    if (haversineMeters(driver.position, next) > 1) driver.heading = bearing(driver.position, next);
    driver.position = next;
    return haversineMeters(next, target) <= ARRIVAL_METERS;
  }

  /** Works the driver's jobs one step; false when there is none to work now. */
  async function work(driver: DriverState, jobs: JobsView): Promise<boolean> {
    for (const job of jobs.upcoming) {
      if (!job.acknowledgedAt) {
        await call(driver, 'POST', `/api/bookings/${job.id}/acknowledge`, {});
      }
    }
    const next = jobs.upcoming[0];
    const startBeforeMs = Math.min(START_BEFORE_PICKUP_MS, jobs.setOffWindowMinutes * 60_000);
    const job =
      jobs.current ??
      (next && new Date(next.pickupTime).getTime() - Date.now() <= startBeforeMs ? next : null);
    if (!job) return false;
    const { pickup, dropoff } = coordinatesOf(driver, job);
    switch (job.status) {
      case 'assigned':
        await setStatus(driver, job, 'en-route');
        return true;
      case 'en-route':
        if (drive(driver, pickup)) {
          driver.waitedTicks = 0;
          await setStatus(driver, job, 'arrived');
        }
        return true;
      case 'arrived':
        // The passenger comes out within a minute or so.
        driver.waitedTicks += 1;
        if (driver.waitedTicks * tickSeconds >= 30 + random() * 60) {
          await setStatus(driver, job, 'on-board');
        }
        return true;
      case 'on-board':
        if (drive(driver, dropoff)) {
          await setStatus(driver, job, 'completed');
          driver.jobPlaces.delete(job.id);
        }
        return true;
      default:
        return false;
    }
  }

  async function move(driver: DriverState): Promise<void> {
    const answer = await call(driver, 'GET', '/api/drivers/me/jobs');
    const isWorking = answer.status === 200 && (await work(driver, answer.body as JobsView));
    if (!isWorking && drive(driver, driver.cruiseTo)) driver.cruiseTo = place(random);
    await call(driver, 'POST', '/api/drivers/me/location', {
      lat: Number(driver.position.lat.toFixed(6)),
      lng: Number(driver.position.lng.toFixed(6)),
      accuracy: 8,
      heading: driver.heading === null ? null : Math.round(driver.heading),
    });
  }

  return {
    async tick() {
      for (const driver of drivers) {
        if (driver.skipped) continue;
        try {
          if (!driver.cookie) await join(driver);
          if (!driver.skipped) await move(driver);
        } catch (error) {
          log(`Demo simulation: ${driver.account.email}: ${String(error)}`);
        }
      }
    },
    async endShifts() {
      for (const driver of drivers) {
        if (!driver.cookie || driver.skipped) continue;
        try {
          const answer = await call(driver, 'POST', '/api/drivers/me/shift/end', {});
          if (answer.status !== 200) {
            log(`Demo simulation: ${driver.account.email}: End Shift answered ${answer.status}`);
          }
        } catch (error) {
          log(`Demo simulation: ${driver.account.email}: ${String(error)}`);
        }
      }
    },
    positions() {
      return drivers.map((driver) => ({
        email: driver.account.email,
        position: driver.position,
        skipped: driver.skipped,
      }));
    },
  };
}

export type SimulationLoop = {
  /** Stops ticking, lets a tick under way finish, then ends the drivers' shifts. */
  stop(): Promise<void>;
};

/**
 * Ticks the simulation every `everyMs` (ticks never overlap: the next is set
 * when the last is done) until stopped; stopping takes the drivers off shift,
 * so a stopped demo leaves no car standing on the dispatch board.
 */
export function runSimulationLoop(simulation: DemoSimulation, everyMs: number): SimulationLoop {
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let underWay: Promise<void> = Promise.resolve();

  function next(): void {
    if (isStopped) return;
    underWay = simulation.tick().finally(() => {
      if (!isStopped) timer = setTimeout(next, everyMs);
    });
  }
  next();

  let stopping: Promise<void> | null = null;
  return {
    stop() {
      stopping ??= (async () => {
        isStopped = true;
        clearTimeout(timer);
        await underWay;
        await simulation.endShifts();
      })();
      return stopping;
    },
  };
}
