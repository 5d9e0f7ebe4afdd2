// The booking the benches create through POST /api/bookings: the same airport
// run each time, varied by its index (passengers, cases, a passenger and a
// phone among 50, distance) so no two requests are the same.
/** `label` starts the notes ('Durability bench booking 12'), to tell the benches' rows apart. */
export function benchBookingInput(index: number, pickupTime: Date, label: string) {
  return {
    pickupLocation: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105',
    dropoffLocation: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100',
    pickupTime: pickupTime.toISOString(),
    numPassengers: 1 + (index % 4),
    numSuitcases: index % 3,
    notes: `${label} ${index}`,
    passengerName: `Bench Passenger ${index % 50}`,
    phone: `04${String(12_000_000 + (index % 50) * 7919).padStart(8, '0')}`,
    vehicleType: 'Standard HUG',
    distanceMeters: 12_000 + index,
    durationSeconds: 1_200,
  };
}
