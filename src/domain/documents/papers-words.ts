// The words that say a car's papers keep it off the road, free of schemas:
// the driver app's Start Shift sheet reads them on its first screen
// (decision 225), and the server's refusal is built from the same words.

/** What a picker shows beside a car or a driver whose papers keep them from work. */
export const PAPERS_NOT_IN_ORDER = 'papers not in order';

/**
 * The refusal that names the car, not the driver: a driver whose own papers
 * are in order is not told they cannot work. `problems` name no plate
 * ('Registration is missing').
 */
export function vehiclePapersRefusal(registration: string, problems: readonly string[]): string {
  return `${registration} cannot be driven until these documents are in order: ${problems.join('; ')}.`;
}
