import { Alert, Loader, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useDriverProfile } from '../../drivers/api/get-driver-profile';
import { DriverProfileView } from '../../drivers/components/driver-profile-view';
import { useDriverSummaries } from '../api/get-driver-summaries';

/** Driver Dashboard dialog: pick a driver, see their live profile (spec 2.8). */
export function DriverDashboard() {
  const drivers = useDriverSummaries();
  const [driverId, setDriverId] = useState<string | null>(null);
  const profile = useDriverProfile(driverId);

  return (
    <Stack gap="md">
      <Select
        label="Driver"
        placeholder={drivers.isPending ? 'Loading drivers…' : 'Choose a driver'}
        data={(drivers.data?.drivers ?? []).map((driver) => ({
          value: driver.id,
          label: `${driver.name} (${driver.status})`,
        }))}
        value={driverId}
        onChange={setDriverId}
        searchable
        nothingFoundMessage="No driver by that name"
      />
      {drivers.isError ? (
        <Alert color="red" title="Could not load the drivers">
          {errorMessage(drivers.error)}
        </Alert>
      ) : null}
      {driverId === null ? null : profile.isPending ? (
        <Loader aria-label="Loading the driver's profile" />
      ) : profile.isError ? (
        <Alert color="red" title="Could not load the driver's profile">
          {errorMessage(profile.error)}
        </Alert>
      ) : (
        <DriverProfileView driver={profile.data.driver} />
      )}
    </Stack>
  );
}
