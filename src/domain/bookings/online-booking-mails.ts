import { phoneForDisplay, typedPhoneForDisplay } from '../customers/phone-display';
import { formatDateTime } from '../format/dates';
import { dollarsToCents, formatAud } from '../format/money';
import { onlineAssistanceNeeds, type OnlineBookingInput } from './online-booking';

// The two mails an online booking sends: the office's notice and, when the
// visitor gave an email, their receipt. Both say what was booked in the words
// and formats of the screens: the pickup in the business's time, phones as
// dialled here, money in dollars.

/** What the mails say of the booking as it was stored. */
export type BookedTrip = {
  reference: string;
  pickupTime: string;
  pickupLocation: string;
  dropoffLocation: string;
  vehicleType: string;
  numPassengers: number;
  fareAmount: number;
};

export type MailText = { subject: string; text: string };

/** 'Dec 1, 2026, 10:30 am (Perth time)': the zone named by its city. */
function pickupWhen(pickupTime: string, timeZone: string): string {
  const city = (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
  return `${formatDateTime(pickupTime, timeZone)} (${city} time)`;
}

/** The trip's lines, as both mails list them; lines with nothing to say are left out. */
function tripLines(trip: BookedTrip, input: OnlineBookingInput, timeZone: string): string[] {
  const luggage = [
    input.largeSuitcases ? `${input.largeSuitcases} large` : null,
    input.mediumSuitcases ? `${input.mediumSuitcases} medium` : null,
  ].filter(Boolean);
  const extras = [
    input.childSeats === 1
      ? '1 child seat'
      : input.childSeats
        ? `${input.childSeats} child seats`
        : null,
    input.options.excessLuggage ? 'excess luggage' : null,
    input.options.sportingEquipment ? 'sporting equipment' : null,
    input.options.oversizedItems ? 'oversized items' : null,
  ].filter(Boolean);
  const assistance = onlineAssistanceNeeds(input);
  return [
    `Pickup: ${trip.pickupLocation}, ${pickupWhen(trip.pickupTime, timeZone)}`,
    ...input.stops.map((stop, index) => `Stop ${index + 1}: ${stop.location}`),
    `Dropoff: ${trip.dropoffLocation}`,
    `Vehicle: ${trip.vehicleType}, ${trip.numPassengers} ${trip.numPassengers === 1 ? 'passenger' : 'passengers'}`,
    luggage.length ? `Luggage: ${luggage.join(', ')} suitcases` : null,
    extras.length ? `Also: ${extras.join(', ')}` : null,
    assistance ? `Assistance: ${assistance}` : null,
    input.notes ? `Notes: ${input.notes}` : null,
    `Quoted fare: ${formatAud(dollarsToCents(trip.fareAmount))}`,
  ].filter((line): line is string => line !== null);
}

/** The office's notice of a new online booking (Settings → Notifications, 'newOnlineBooking'). */
export function newOnlineBookingNotice(
  trip: BookedTrip,
  input: OnlineBookingInput,
  timeZone: string,
): MailText {
  const contact = [phoneForDisplay(input.phone), input.email || null].filter(Boolean).join(', ');
  return {
    subject: `New online booking ${trip.reference}`,
    text: [
      `${input.passengerName} (${contact}) requested a ${trip.vehicleType} online.`,
      '',
      ...tripLines(trip, input, timeZone),
      '',
      'It waits in the dispatch list as pending: confirm it with the customer by phone.',
    ].join('\n'),
  };
}

/**
 * The visitor's receipt: the reference to quote, what they asked for, and
 * what happens next, as the confirmation screen says it. The mailer signs
 * it with the business's name.
 */
export function onlineBookingReceipt(
  trip: BookedTrip,
  input: OnlineBookingInput,
  business: { name: string; phone: string; email: string; timeZone: string },
): MailText {
  // A reply reaches the business only with its Email set (the mail's Reply-To).
  const ask = business.phone
    ? `To change or cancel it, call us on ${typedPhoneForDisplay(business.phone)} and quote ${trip.reference}.`
    : business.email
      ? `To change or cancel it, reply to this email and quote ${trip.reference}.`
      : null;
  return {
    subject: `Your booking request ${trip.reference} with ${business.name}`,
    text: [
      `Hello ${input.passengerName},`,
      '',
      `Thank you for booking with ${business.name}. Our dispatch team will confirm your booking by phone shortly.`,
      '',
      `Your booking reference: ${trip.reference}`,
      ...tripLines(trip, input, business.timeZone),
      ...(ask ? ['', ask] : []),
    ].join('\n'),
  };
}
