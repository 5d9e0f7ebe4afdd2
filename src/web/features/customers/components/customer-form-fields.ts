import type { CustomerInput } from '../../../../domain/customers';
import { VEHICLE_TYPES, isVehicleType } from '../../../../domain/vehicles';

/** The Preferred Vehicle Type options: none, or one of the three vehicles. */
export const VEHICLE_TYPE_OPTIONS = [
  { value: '', label: 'Select a vehicle type' },
  ...VEHICLE_TYPES.map((type) => ({ value: type, label: type })),
];

/** The text fields both customer forms edit, as the inputs hold them. */
export type CustomerFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  homeAddress: string;
  preferredVehicleType: string;
  notes: string;
};

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  homeAddress: '',
  preferredVehicleType: '',
  notes: '',
};

/**
 * Sorts an API error's `fields` into those with an input in the form and a
 * message for the rest (e.g. 'savedAddresses.0.label').
 */
export function splitServerErrors(
  fields: Record<string, string> | undefined,
  formFields: readonly string[],
): { shown: Record<string, string>; other: string[] } {
  const shown: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(fields ?? {})) {
    if (formFields.includes(name)) shown[name] = message;
    else other.push(message);
  }
  return { shown, other };
}

/** The request body for the form's values; blank fields are sent blank (not set). */
export function toCustomerInput(values: CustomerFormValues): CustomerInput {
  return {
    ...values,
    preferredVehicleType: isVehicleType(values.preferredVehicleType)
      ? values.preferredVehicleType
      : '',
  };
}
