import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Download, Search } from 'lucide-react';
import { useState } from 'react';
import { BOOKING_SOURCES } from '../../../../domain/bookings/source';
import { VEHICLE_TYPES } from '../../../../domain/vehicles/vehicle-types';
import { jobsCsvUrl, type JobsFilters } from '../api/get-jobs';
import { SEARCH_TEXT_MAX } from '../../../../domain/api/text';

type JobsFiltersBarProps = {
  filters: JobsFilters;
  range: { from: string; to: string } | undefined;
  drivers: { value: string; label: string }[];
  onChange: (changes: Partial<Record<keyof JobsFilters, string | null>>) => void;
  onClear: () => void;
};

/** Date range, driver, vehicle type, account, source and free text. */
export function JobsFiltersBar({
  filters,
  range,
  drivers,
  onChange,
  onClear,
}: JobsFiltersBarProps) {
  const [text, setText] = useState(filters.q ?? '');
  const [account, setAccount] = useState(filters.account ?? '');
  const commitText = useDebouncedCallback(
    (value: string) => onChange({ q: value.trim() || null }),
    300,
  );
  const commitAccount = useDebouncedCallback(
    (value: string) => onChange({ account: value.trim() || null }),
    300,
  );

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Search jobs"
        placeholder="Reference, passenger, phone, address"
        maxLength={SEARCH_TEXT_MAX}
        leftSection={<Search size={14} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          commitText(event.currentTarget.value);
        }}
        size="xs"
        w={240}
      />
      <TextInput
        type="date"
        label="From"
        value={filters.from ?? range?.from ?? ''}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
        size="xs"
      />
      <TextInput
        type="date"
        label="To"
        value={filters.to ?? range?.to ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        size="xs"
      />
      <Select
        label="Driver"
        placeholder="Any driver"
        data={[{ value: 'none', label: 'Unassigned' }, ...drivers]}
        value={filters.driver ?? null}
        onChange={(value) => onChange({ driver: value })}
        clearable
        searchable
        size="xs"
        w={170}
      />
      <Select
        label="Vehicle type"
        placeholder="Any vehicle"
        data={[...VEHICLE_TYPES]}
        value={filters.vehicleType ?? null}
        onChange={(value) => onChange({ vehicleType: value })}
        clearable
        size="xs"
        w={150}
      />
      <TextInput
        label="Account"
        placeholder="Code"
        value={account}
        onChange={(event) => {
          setAccount(event.currentTarget.value);
          commitAccount(event.currentTarget.value);
        }}
        size="xs"
        w={100}
      />
      <Select
        label="Source"
        placeholder="Any source"
        data={[...BOOKING_SOURCES]}
        value={filters.source ?? null}
        onChange={(value) => onChange({ source: value })}
        clearable
        size="xs"
        w={120}
      />
      <Button
        size="xs"
        variant="subtle"
        onClick={() => {
          setText('');
          setAccount('');
          onClear();
        }}
      >
        Reset filters
      </Button>
      <Button
        size="xs"
        variant="default"
        component="a"
        href={jobsCsvUrl(filters)}
        download
        leftSection={<Download size={14} />}
      >
        Export CSV
      </Button>
    </Group>
  );
}
