import { beforeAll } from 'vitest';
import { preloadAddressField } from '../features/maps/components/address-autocomplete';

/**
 * Loads the address suggestions before a test file's tests. An address field
 * is a plain input until the first one is focused, then every address field
 * swaps to the suggestions field; were that code still loading (a cold
 * transform under load) when a test clicks the next field, the click could
 * land on the replaced input and the typed text go elsewhere (decision 179).
 * The dispatch screen loads them on mount for the same reason.
 */
export function loadAddressSuggestionsFirst() {
  beforeAll(() => preloadAddressField(), 30_000);
}
