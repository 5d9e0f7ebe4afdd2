import { createContext, useContext } from 'react';
import type { LocationSharing } from './use-share-location';

/** The shift's location sharing, run by the driver layout for every driver screen. */
export const LocationSharingContext = createContext<LocationSharing>({ state: 'off' });

export function useLocationSharing(): LocationSharing {
  return useContext(LocationSharingContext);
}
