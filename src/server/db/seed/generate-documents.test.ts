import { describe, expect, it } from 'vitest';
import type { DemoDriver } from './generate-fleet';
import { generateDocuments } from './generate-documents';
import { createRandom } from './random';

const NOW = Date.UTC(2026, 10, 29, 4, 0);

function demoDriver(id: string, status: DemoDriver['status']): DemoDriver {
  return {
    id,
    userId: null,
    name: `Driver ${id}`,
    status,
    vehicle: null,
    createdAtMs: NOW - 90 * 24 * 60 * 60 * 1000,
    position: null,
    locationUpdatedAtMs: null,
    row: { id, firstName: 'Driver', lastName: id, status },
  };
}

describe('generateDocuments', () => {
  it("expires each suspended demo driver's licence, so the pass gives every suspension its reason", async () => {
    const drivers = [
      demoDriver('a', 'active'),
      demoDriver('s1', 'suspended'),
      demoDriver('b', 'offline'),
      demoDriver('s2', 'suspended'),
    ];
    const generated = await generateDocuments(createRandom(7), {
      nowMs: NOW,
      drivers,
      vehicles: [],
      adminId: 'admin',
      storeFile: async () => 'key',
    });
    const today = new Date(NOW).toISOString().slice(0, 10);
    const expiredLicences = generated.fleetDocuments
      .filter((row) => row.type === 'licence' && row.expiresOn !== null && row.expiresOn < today)
      .map((row) => row.driverId);
    expect(expiredLicences.sort()).toEqual(['s1', 's2']);
    expect(generated.suspensions.map((suspension) => suspension.driverId).sort()).toEqual([
      's1',
      's2',
    ]);
  });
});
