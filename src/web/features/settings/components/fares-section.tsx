import { Alert, Button, Group, NumberInput, Stack, Table } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DEFAULT_TARIFFS, type TariffTable } from '../../../../domain/fares';
import { errorMessage } from '../../../lib/api-client';
import type { Settings } from '../api/get-settings';
import { useSettingVersion } from '../hooks/use-setting-version';
import { useFormFocus } from '../../../lib/form-focus';
import { useUpdateTariffs } from '../api/update-tariffs';
import {
  TARIFF_FIELDS,
  TARIFF_VEHICLES,
  toDollarForm,
  toTariffTable,
  VEHICLE_COLUMN_LABELS,
  type TariffFormValues,
} from '../utils/tariff-form';
import { showSaved } from '../utils/show-saved';
import { ChangedSinceNotices } from './changed-since-notices';
import { SectionCard } from './section-card';

/**
 * The tariff table, edited in dollars and saved in cents; quotes use it at
 * once. Another admin's save meanwhile refuses this one (decision 187).
 */
export function FaresSection({ settings }: { settings: Settings }) {
  const update = useUpdateTariffs();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TariffFormValues>({
    mode: 'controlled',
    initialValues: toDollarForm(settings.tariffs),
  });
  const version = useSettingVersion({
    setting: 'tariffs',
    settings,
    isDirty: form.isDirty(),
    isSaving: update.isPending,
    fill: (table: TariffTable) => {
      setFormError(null);
      showSaved(form, toDollarForm(table));
    },
  });

  const { formRef, focusRefused } = useFormFocus(update.isPending);

  const submit = form.onSubmit((values) => {
    setFormError(null);
    const result = toTariffTable(values);
    if (!result.ok) {
      form.setErrors(result.errors);
      focusRefused();
      return;
    }
    update.mutate(
      { ...result.table, expectedUpdatedAt: version.expectedUpdatedAt },
      {
        onSuccess: (table) => {
          showSaved(form, toDollarForm(table));
          notifications.show({ color: 'green', message: 'Fares saved. New quotes use them now.' });
        },
        onError: (error) => {
          if (!version.refused(error)) setFormError(errorMessage(error));
          focusRefused();
        },
      },
    );
  }, focusRefused);

  return (
    <SectionCard
      title="Fares"
      description="Dollar amounts per vehicle type. Imax 7 is priced at the Multivan 6 rates."
    >
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          ) : null}
          <ChangedSinceNotices version={version} hasTypedChanges={form.isDirty()} />
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" horizontalSpacing={6} aria-label="Tariff table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  {TARIFF_VEHICLES.map((vehicle) => (
                    <Table.Th key={vehicle}>{VEHICLE_COLUMN_LABELS[vehicle]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {TARIFF_FIELDS.map(({ key, label }) => (
                  <Table.Tr key={key}>
                    <Table.Th scope="row" fw={500}>
                      {label}
                    </Table.Th>
                    {TARIFF_VEHICLES.map((vehicle) => (
                      <Table.Td key={vehicle}>
                        <NumberInput
                          aria-label={`${label}, ${vehicle}`}
                          prefix="$"
                          decimalScale={2}
                          fixedDecimalScale
                          miw={80}
                          step={0.05}
                          hideControls
                          {...form.getInputProps(`${vehicle}.${key}`)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between">
            <Button variant="default" onClick={() => form.setValues(toDollarForm(DEFAULT_TARIFFS))}>
              Reset to defaults
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save fares
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
