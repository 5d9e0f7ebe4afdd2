import type { Random } from './random';
import type { VehicleType } from '../../../domain/vehicles';
import type { DemoDriver, DriverStatus } from './generate-fleet';
import { DAY_MS } from './perth-time';

/**
 * Which demo drivers and vehicles are taken when: a driver gets a job only
 * if neither they nor their car are on another ride at the time.
 */
export type DriverCalendar = {
  random: Random;
  drivers: readonly DemoDriver[];
  /** Windows a driver or vehicle is taken, by key and UTC day number. */
  busy: Map<string, [number, number][]>;
};

export function findFreeDriver(
  ctx: DriverCalendar,
  vehicleType: VehicleType,
  window: [number, number],
  createdAtMs: number,
  statuses: readonly DriverStatus[],
): DemoDriver | null {
  const candidates = ctx.drivers.filter(
    (driver) =>
      driver.vehicle?.type === vehicleType &&
      statuses.includes(driver.status) &&
      driver.createdAtMs <= createdAtMs,
  );
  return ctx.random.shuffle(candidates).find((driver) => isFree(ctx, driver, window)) ?? null;
}

function busyKeys(driver: DemoDriver): string[] {
  return driver.vehicle
    ? [`driver:${driver.id}`, `vehicle:${driver.vehicle.id}`]
    : [`driver:${driver.id}`];
}

export function isFree(ctx: DriverCalendar, driver: DemoDriver, window: [number, number]): boolean {
  const [start, end] = window;
  return bucketKeys(driver, window).every((key) =>
    (ctx.busy.get(key) ?? []).every(([busyStart, busyEnd]) => end <= busyStart || busyEnd <= start),
  );
}

export function reserve(ctx: DriverCalendar, driver: DemoDriver, window: [number, number]): void {
  for (const key of bucketKeys(driver, window)) {
    const windows = ctx.busy.get(key) ?? [];
    windows.push(window);
    ctx.busy.set(key, windows);
  }
}

// Bucketed by day so a check looks at one day's jobs, not two months'.
function bucketKeys(driver: DemoDriver, [start, end]: [number, number]): string[] {
  const keys: string[] = [];
  for (let day = Math.floor(start / DAY_MS); day <= Math.floor(end / DAY_MS); day += 1) {
    for (const key of busyKeys(driver)) keys.push(`${key}:${day}`);
  }
  return keys;
}
