import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Autocomplete, Loader, Text, type MantineSize } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { knownPlacesMatching, type KnownPlace } from '../../../../domain/maps/known-places';
import { errorMessage } from '../../../lib/api-client';
import { findKnownPlace } from '../api/find-place';
import classes from './address-autocomplete-field.module.css';
import { getPlaceQueryOptions } from '../api/get-place';
import { MIN_PLACE_SEARCH_LENGTH, useSearchPlaces } from '../api/search-places';
import type { AddressValue, ResolvedPlace } from '../types';

const SEARCH_DELAY_MS = 200;
/** A known place's option value: apart from the place ids the search answers with. */
const KNOWN_PLACE_PREFIX = 'known:';

/** Said at the field when a known place's address is not one the maps service can place. */
export const KNOWN_PLACE_NOT_FOUND_MESSAGE =
  'Not found on the map: choose a suggestion for the route and fare';

/** A place found for the field; or why none was. */
type Placing = { place: ResolvedPlace } | { problem: string };

/** The one line an address that matches nothing shows, which cannot be chosen. */
export const NO_MATCHING_ADDRESS = 'No matching address';
const NO_MATCH_VALUE = 'no-matching-address';

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
  /**
   * Places offered above the search's suggestions, by their label (a chosen
   * customer's 'Home', 'Work'): all while the field is empty, those matching
   * what is typed after. Choosing one places its address on the map as the
   * address would be if typed, so the route and fare follow.
   */
  knownPlaces?: readonly KnownPlace[];
};

const NO_KNOWN_PLACES: readonly KnownPlace[] = [];

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
  knownPlaces = NO_KNOWN_PLACES,
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
  // Matched against what is typed now: a known place needs no search to wait for.
  const known = isTyping ? knownPlacesMatching(knownPlaces, value.text) : [];
  const knownByValue = new Map<string, KnownPlace>(
    known.map((place, index) => [`${KNOWN_PLACE_PREFIX}${index}`, place]),
  );
  // Said only once the search for the text as it stands has answered: while
  // typing or loading, the last list (or nothing) shows. Without it the
  // dropdown stayed shut and said nothing, as if the field were broken.
  const hasNoMatch =
    places.length === 0 &&
    known.length === 0 &&
    isTyping &&
    debouncedText === value.text &&
    debouncedText.trim().length >= MIN_PLACE_SEARCH_LENGTH &&
    suggestions.isSuccess &&
    !suggestions.isFetching;
  // Autocomplete needs unique values: the id is the value, the label the text
  // the field takes when it is chosen (a known place's address, not its label).
  // It shows no message of its own for an empty list, so the message is an
  // option that cannot be chosen.
  const data = hasNoMatch
    ? [{ value: NO_MATCH_VALUE, label: NO_MATCHING_ADDRESS, disabled: true }]
    : [
        ...[...knownByValue].map(([id, place]) => ({ value: id, label: place.address })),
        ...places.map((place) => ({ value: place.id, label: place.label })),
      ];
  const placesById = new Map(places.map((place) => [place.id, place]));

  /**
   * Puts the place `find` gives on the map, if the field still says `text`
   * (the option's label) when it comes. With no place, the text stays as
   * typed and the field says why.
   */
  async function putOnMap(text: string, find: () => Promise<Placing>) {
    setLookupError(null);
    setIsResolving(true);
    try {
      const found = await find();
      if (latestText.current !== text) return;
      if ('problem' in found) {
        setLookupError(found.problem);
        return;
      }
      onChange({ text: found.place.address, place: found.place });
    } catch (thrown) {
      setLookupError(errorMessage(thrown));
    } finally {
      setIsResolving(false);
    }
  }

  function choose(id: string) {
    const knownPlace = knownByValue.get(id);
    if (knownPlace) {
      void putOnMap(knownPlace.address, async () => {
        const place = await findKnownPlace(queryClient, knownPlace.address);
        return place ? { place } : { problem: KNOWN_PLACE_NOT_FOUND_MESSAGE };
      });
      return;
    }
    const suggestion = placesById.get(id);
    if (!suggestion) return;
    void putOnMap(suggestion.label, async () => {
      const details = await queryClient.fetchQuery(getPlaceQueryOptions(id));
      const place: ResolvedPlace = {
        address: details.address,
        lat: details.lat,
        lng: details.lng,
        ...(details.proof ? { proof: details.proof } : {}),
      };
      return { place };
    });
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
      onOptionSubmit={choose}
      leftSection={<MapPin size={16} aria-hidden />}
      rightSection={isLoading ? <Loader size="xs" aria-hidden /> : null}
      classNames={{ option: classes.option }}
      renderOption={({ option }) => {
        if (option.value === NO_MATCH_VALUE) {
          return (
            <Text size="sm" c="dimmed">
              {NO_MATCHING_ADDRESS}
            </Text>
          );
        }
        const knownPlace = knownByValue.get(option.value);
        if (knownPlace) {
          return (
            <div>
              <Text size="sm" fw={600}>
                {knownPlace.label}
              </Text>
              <Text size="xs" c="dimmed">
                {knownPlace.address}
              </Text>
            </div>
          );
        }
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
