import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Autocomplete, Loader, Text, type MantineSize } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client';
import { getPlaceQueryOptions } from '../api/get-place';
import { MIN_PLACE_SEARCH_LENGTH, useSearchPlaces } from '../api/search-places';
import type { AddressValue, ResolvedPlace } from '../types';

const SEARCH_DELAY_MS = 200;

export type AddressAutocompleteProps = {
  label: string;
  placeholder?: string;
  /** Said under the label, as an input's description. */
  description?: ReactNode;
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  error?: string | undefined;
  size?: MantineSize;
  required?: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
  /** Wraps the input alone, as Mantine's inputContainer: a button beside it stays level with it. */
  inputContainer?: (input: ReactNode) => ReactNode;
};

/**
 * An address field with suggestions from our maps API (Australia only).
 * Choosing a suggestion looks up its address and coordinates; typing again
 * drops them, so a stale coordinate never rides along with new text.
 * Loaded when an address field is first used (address-autocomplete.tsx).
 */
export function AddressAutocompleteField({
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
}: AddressAutocompleteProps) {
  const queryClient = useQueryClient();
  const [debouncedText] = useDebouncedValue(value.text, SEARCH_DELAY_MS);
  const [isResolving, setIsResolving] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  // The text when a suggestion was chosen; its details apply only if it is still there.
  const latestText = useRef(value.text);
  useEffect(() => {
    latestText.current = value.text;
  }, [value.text]);

  const isTyping = value.place === null;
  const suggestions = useSearchPlaces(debouncedText, { enabled: isTyping });
  const places =
    isTyping && debouncedText.trim().length >= MIN_PLACE_SEARCH_LENGTH
      ? (suggestions.data?.places ?? [])
      : [];
  // Autocomplete needs unique values: the id is the value, the label the text.
  const data = places.map((place) => ({ value: place.id, label: place.label }));
  const placesById = new Map(places.map((place) => [place.id, place]));

  async function choose(id: string) {
    const suggestion = placesById.get(id);
    if (!suggestion) return;
    setLookupError(null);
    setIsResolving(true);
    try {
      const details = await queryClient.fetchQuery(getPlaceQueryOptions(id));
      if (latestText.current !== suggestion.label) return;
      const place: ResolvedPlace = {
        address: details.address,
        lat: details.lat,
        lng: details.lng,
        ...(details.proof ? { proof: details.proof } : {}),
      };
      onChange({ text: place.address, place });
    } catch (thrown) {
      setLookupError(errorMessage(thrown));
    } finally {
      setIsResolving(false);
    }
  }

  const isLoading = isResolving || (isTyping && suggestions.isFetching);

  return (
    <Autocomplete
      label={label}
      placeholder={placeholder}
      description={description}
      size={size}
      required={required}
      autoFocus={autoFocus}
      disabled={disabled}
      autoComplete="off"
      value={value.text}
      data={data}
      // The server already matched the text; Mantine's own filter would hide
      // suggestions whose label does not contain it verbatim.
      filter={({ options }) => options}
      onChange={(text) => {
        latestText.current = text;
        setLookupError(null);
        onChange({ text, place: null });
      }}
      onOptionSubmit={(id) => void choose(id)}
      leftSection={<MapPin size={16} aria-hidden />}
      rightSection={isLoading ? <Loader size="xs" aria-hidden /> : null}
      renderOption={({ option }) => {
        const { label: text, secondary } = placesById.get(option.value) ?? { label: option.value };
        return (
          <div>
            <Text size="sm">{text}</Text>
            {secondary ? (
              <Text size="xs" c="dimmed">
                {secondary}
              </Text>
            ) : null}
          </div>
        );
      }}
      error={error ?? lookupError ?? undefined}
      inputContainer={inputContainer}
    />
  );
}
