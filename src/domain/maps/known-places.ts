import { placeWords } from './place-match';

/** A place a person is known to go, by a name they gave it: a customer's 'Home', 'Work'. */
export type KnownPlace = { label: string; address: string };

/**
 * The known places an address field offers for what was typed: all of them
 * while nothing is, else those whose label and address between them hold a
 * word starting with each word typed ('wor' finds Work, '12 hay' finds
 * 12 Hay Street), in their own order.
 */
export function knownPlacesMatching<T extends KnownPlace>(places: readonly T[], text: string): T[] {
  const typed = placeWords(text);
  if (typed.length === 0) return [...places];
  return places.filter((place) => {
    const words = placeWords(`${place.label} ${place.address}`);
    return typed.every((word) => words.some((own) => own.startsWith(word)));
  });
}
