import { createContext, useContext } from 'react';
import type { ShiftLocation, LocationSharing, PhonePosition } from './use-share-location';

/** The shift's location sharing, run by the driver layout for every driver screen. */
export const LocationSharingContext = createContext<ShiftLocation>({
  sharing: { state: 'off' },
  positionNow: () => null,
});

export function useLocationSharing(): LocationSharing {
  return useContext(LocationSharingContext).sharing;
}

/** Reads where the phone is at the moment it is called (null: no reading this shift). */
export function usePhonePositionNow(): () => PhonePosition | null {
  return useContext(LocationSharingContext).positionNow;
}
