import { describe, expect, it } from 'vitest';
import { shiftRefusal } from './shift';
import { shiftVehicleBlock, shiftVehicleRefusal } from './shift-vehicle';

const car = { registration: '1SWN 006', inUseBy: null, paperProblems: [] };
const noPapers = {
  ...car,
  paperProblems: ['Registration is missing', 'PTV authorization is missing'],
};

describe('the Start Shift sheet’s cars', () => {
  it('offers a free car in order', () => {
    expect(shiftVehicleBlock(car)).toBeNull();
    expect(shiftVehicleRefusal(car)).toBeNull();
  });

  it('marks a car whose papers keep it off the road, and names the car in the reason', () => {
    expect(shiftVehicleBlock(noPapers)).toBe('papers not in order');
    expect(shiftVehicleRefusal(noPapers)).toBe(
      '1SWN 006 cannot be driven until these documents are in order: Registration is missing; PTV authorization is missing.',
    );
  });

  it('says a car in use as the server refuses it', () => {
    const inUse = { ...noPapers, inUseBy: 'Aiden Clarke' };
    expect(shiftVehicleBlock(inUse)).toBe('in use by Aiden Clarke');
    expect(shiftVehicleRefusal(inUse)).toBe(
      shiftRefusal({
        driver: { status: 'offline', deactivated: false, onLeave: false },
        vehicle: {
          registration: '1SWN 006',
          status: 'active',
          mayDrive: true,
          inUseBy: 'Aiden Clarke',
        },
      }),
    );
  });
});
