const STATE_ABBREVIATIONS: Record<string, string> = {
  'western australia': 'WA',
  'new south wales': 'NSW',
  victoria: 'VIC',
  queensland: 'QLD',
  'south australia': 'SA',
  tasmania: 'TAS',
  'northern territory': 'NT',
  'australian capital territory': 'ACT',
  'jervis bay territory': 'JBT',
};

/** 'Western Australia' → 'WA'; an abbreviation or unknown name passes through. */
export function abbreviateState(state: string | undefined): string | undefined {
  if (!state) return undefined;
  return STATE_ABBREVIATIONS[state.trim().toLowerCase()] ?? state.trim();
}

export type AddressParts = {
  name?: string | undefined;
  houseNumber?: string | undefined;
  street?: string | undefined;
  suburb?: string | undefined;
  state?: string | undefined;
  postcode?: string | undefined;
};

/**
 * Australia Post order: 'Name, 1 Street, Suburb WA 6000, Australia'.
 * A name that repeats the street line or the suburb is left out.
 */
export function formatAustralianAddress(parts: AddressParts): string {
  const streetLine = [parts.houseNumber, parts.street].filter(Boolean).join(' ');
  const name = parts.name?.trim();
  // A named place with neither street nor suburb is usually a locality itself.
  const suburb = parts.suburb ?? (streetLine ? undefined : name);
  const localityLine = [suburb, abbreviateState(parts.state), parts.postcode]
    .filter(Boolean)
    .join(' ');
  const isNameRedundant = !name || name === streetLine || name === suburb;
  return [isNameRedundant ? '' : name, streetLine, localityLine, 'Australia']
    .filter(Boolean)
    .join(', ');
}

/** Lower case, no accents or apostrophes, words split on anything else. */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
