import { selectVehicle } from '../../vehicles/select-vehicle';

export function findVehicle(text: string, passengers: number | null, suitcases: number | null) {
  if (/\bimax\b/i.test(text)) return 'Imax 7' as const;
  if (/\bmulti[ \t-]?van\b/i.test(text)) return 'Multivan 6' as const;
  const pax = passengers ?? 1;
  const byCapacity = selectVehicle({
    passengers: pax,
    largeSuitcases: suitcases ?? 0,
    mediumSuitcases: 0,
    excessLuggage: false,
    sportingEquipment: false,
    oversizedItems: false,
  });
  const asksForVan =
    /\b(?:van|mini[ \t-]?van|people[ \t]+mover|maxi(?:[ \t-]?(?:taxi|cab))?)\b/i.test(text);
  if (asksForVan && byCapacity === 'Standard HUG') return 'Multivan 6' as const;
  if (/\b(?:sedan|standard)\b/i.test(text)) return byCapacity;
  // The form's default is Standard HUG: only a bigger vehicle is news.
  return byCapacity === 'Standard HUG' ? null : byCapacity;
}
