import { useState, useSyncExternalStore, type ComponentType } from 'react';
import { TextInput } from '@mantine/core';
import { MapPin } from 'lucide-react';
import type { AddressAutocompleteProps } from './address-autocomplete-field';

type Field = ComponentType<AddressAutocompleteProps>;

// The suggestions (Mantine's Combobox, Popover and Floating UI, a quarter of
// a public page's script) arrive when an address field is first focused;
// then every address field on the page swaps to them.
let loadedField: Field | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadField(): Promise<void> {
  loading ??= import('./address-autocomplete-field').then(
    ({ AddressAutocompleteField }) => {
      loadedField = AddressAutocompleteField;
      listeners.forEach((listener) => listener());
    },
    () => {
      loading = null; // offline or a new deploy: try again on the next focus
    },
  );
  return loading;
}

/**
 * Loads the suggestions now rather than on the first focus: a screen whose
 * every use types addresses (the dispatcher's) has them before the first
 * keystroke, and no field swaps under the typing. Settles once they are in
 * (or failed to load, when a focus tries again).
 */
export function preloadAddressField(): Promise<void> {
  return loadField();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * An address field with suggestions (address-autocomplete-field.tsx). Until
 * an address field is first focused it is a plain input that looks and reads
 * the same (a combobox, collapsed), so a prerendered page hydrates without
 * the suggestions' code; typed text is kept across the swap, and focus too.
 * Should the code not load, the field still takes typed text, which
 * Calculate Fare resolves to its first suggestion.
 */
export function AddressAutocomplete(props: AddressAutocompleteProps) {
  // Hydration renders the plain input, as the prerendered HTML has it.
  const LoadedField = useSyncExternalStore(
    subscribe,
    () => loadedField,
    () => null,
  );
  const [isFocused, setIsFocused] = useState(false);

  if (LoadedField) return <LoadedField {...props} autoFocus={props.autoFocus || isFocused} />;

  const {
    label,
    placeholder,
    description,
    value,
    onChange,
    error,
    size,
    required,
    autoFocus,
    disabled,
    inputContainer,
  } = props;
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      description={description}
      size={size}
      required={required}
      autoFocus={autoFocus}
      disabled={disabled}
      autoComplete="off"
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      value={value.text}
      onChange={(event) => onChange({ text: event.currentTarget.value, place: null })}
      onFocus={() => {
        setIsFocused(true);
        void loadField();
      }}
      onBlur={() => setIsFocused(false)}
      leftSection={<MapPin size={16} aria-hidden />}
      error={error}
      inputContainer={inputContainer}
    />
  );
}
