import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateBookingInputSchema } from '../bookings/api';
import { parseBookingText } from './parse-booking-text';

// Tuesday 10 March 2026, 9:00 am in Perth (UTC+8, no daylight saving).
const NOW = new Date('2026-03-10T01:00:00Z');

const T1 = 'Perth Airport Terminal 1 (T1), Airport Drive, Perth Airport WA 6105';
const T3 = 'Perth Airport Terminal 3 (T3), Brearley Avenue, Perth Airport WA 6105';

describe('parseBookingText on realistic booking mails', () => {
  it('reads a hotel concierge mail: guest name, inline pickup and airport, tomorrow 5:30pm, pax and bags', () => {
    const text = `From: Concierge <concierge@crowntowers.example>
Sent: Tuesday, 10 March 2026 8:41 AM
To: bookings@perthchauffeur.example
Subject: Transfer request - Mr Kenji Tanaka

Good morning,

Could you please arrange a car for our guest Mr Kenji Tanaka tomorrow 5:30pm.
Pick up from Crown Towers Perth, Great Eastern Highway, Burswood to Perth Airport T1.
2 pax, 3 suitcases. Guest mobile 0412 345 678.

Kind regards,
Emma
Concierge, Crown Towers Perth`;
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Kenji Tanaka',
      phone: '+61412345678',
      pickupLocation: 'Crown Towers Perth, Great Eastern Highway, Burswood',
      dropoffLocation: T1,
      pickupTime: '2026-03-11T17:30:00.000+08:00',
      numPassengers: 2,
      numSuitcases: 3,
    });
    expect(missing).toEqual([]);
  });

  it("reads a corporate PA's mail: the manager's titled name, Friday 6am, labelled addresses, a Virgin flight to T1 domestic", () => {
    const text = `Hi team,

Please book a car for my manager, Ms Sarah Lee, on Friday 6am.
Pickup: 12 St Georges Terrace, Perth WA 6000
Destination: Perth Airport Domestic
Flight: VA 571
Her mobile is 0423 987 654 and email sarah.lee@minerals.example.com.au

Thanks,
Olivia Grant
Executive Assistant`;
    const { draft, found, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Sarah Lee',
      phone: '+61423987654',
      email: 'sarah.lee@minerals.example.com.au',
      flightNumber: 'VA571',
      pickupLocation: '12 St Georges Terrace, Perth WA 6000',
      dropoffLocation: T1,
      pickupTime: '2026-03-13T06:00:00.000+08:00',
      notes: 'Flight VA571',
    });
    expect(found).toContain('Pickup time: Fri, Mar 13, 2026, 6:00 am');
    expect(missing).toEqual([]);
  });

  it('reads an arriving flight: the pickup is the domestic terminal, 12/03 is 12 March (day first)', () => {
    const text = `Hello,
My wife and I are arriving on QF 583 at 5:30pm on 12/03. Could you meet us at the domestic terminal and take us to the Pan Pacific Perth, 207 Adelaide Terrace? We are 2 passengers with 3 bags.
Name: John Brown
Ph: (08) 9221 1234`;
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'John Brown',
      phone: '+61892211234',
      flightNumber: 'QF583',
      pickupLocation: T3,
      dropoffLocation: 'Pan Pacific Perth, 207 Adelaide Terrace',
      pickupTime: '2026-03-12T17:30:00.000+08:00',
      numPassengers: 2,
      numSuitcases: 3,
      notes: 'Flight QF583',
    });
    expect(missing).toEqual([]);
  });

  it('reads a return trip: the outward trip is the draft, the return goes to the notes', () => {
    const text = `Hi,
Could I please book a Multivan for a party of 5 from Fremantle Passenger Terminal, Victoria Quay to the Hyatt Regency Perth on 25 Dec 2026 9:15 am.
We'll need a return on 28 Dec 2026 at 4pm from the Hyatt back to the cruise terminal.
5 suitcases.
Thanks, Mrs Priya Patel 0400 111 222`;
    const { draft, found, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Priya Patel',
      phone: '+61400111222',
      pickupLocation: 'Fremantle Passenger Terminal, Victoria Quay',
      dropoffLocation: 'Hyatt Regency Perth',
      pickupTime: '2026-12-25T09:15:00.000+08:00',
      numPassengers: 5,
      numSuitcases: 5,
      vehicleType: 'Multivan 6',
      notes:
        "Return trip: We'll need a return on 28 Dec 2026 at 4pm from the Hyatt back to the cruise terminal",
    });
    expect(found).toContain('Return trip (book it separately)');
    expect(missing).toEqual([]);
  });

  it('reads a hotel booking form with labels: guest name, contact, date and 24-hour time, Imax hint', () => {
    const text = `Booking request – The Ritz-Carlton, Perth

Guest name: Mr. Oliver Schmidt
Contact number: +61 498 765 432
Email: O.Schmidt@example.de
Date: 14/03/2026
Time: 07:15
Pick up: The Ritz-Carlton, 1 Barrack Street, Perth WA 6000
Drop off: Perth Airport T1 (international)
Passengers: 3
Luggage: 4 large suitcases
Vehicle: Imax
Flight: SQ 216`;
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Oliver Schmidt',
      phone: '+61498765432',
      email: 'o.schmidt@example.de',
      flightNumber: 'SQ216',
      pickupLocation: 'The Ritz-Carlton, 1 Barrack Street, Perth WA 6000',
      dropoffLocation: T1,
      pickupTime: '2026-03-14T07:15:00.000+08:00',
      numPassengers: 3,
      numSuitcases: 4,
      vehicleType: 'Imax 7',
      notes: 'Flight SQ216',
    });
    expect(missing).toEqual([]);
  });

  it("reads a client's short message: 'it's <name>', today at 14:00, from ... to ..., pax before the phone", () => {
    const text =
      "Hi it's Dave Wilson, need a car today at 14:00 from 45 Hay St Subiaco to Optus Stadium, 2 pax. 0412 555 666";
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Dave Wilson',
      phone: '+61412555666',
      pickupLocation: '45 Hay St Subiaco',
      dropoffLocation: 'Optus Stadium',
      pickupTime: '2026-03-10T14:00:00.000+08:00',
      numPassengers: 2,
    });
    expect(missing).toEqual([]);
  });

  it('reads a corporate account booking: collect ... from, drop off at, noon on Thursday, account code, no luggage', () => {
    const text = `Dear Perth Chauffeurs,

On behalf of BHP, please collect Dr Amelia Ross from the Westin Perth, 480 Hay Street at noon on Thursday and drop off at Kings Park, Fraser Avenue. 1 passenger, no luggage. Please charge account BHP-01.
Contact: amelia.ross@bhp.example, 0433 222 111.

Regards, Tom`;
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Amelia Ross',
      phone: '+61433222111',
      email: 'amelia.ross@bhp.example',
      accountCode: 'BHP-01',
      pickupLocation: 'Westin Perth, 480 Hay Street',
      dropoffLocation: 'Kings Park, Fraser Avenue',
      pickupTime: '2026-03-12T12:00:00.000+08:00',
      numPassengers: 1,
      numSuitcases: 0,
    });
    expect(missing).toEqual([]);
  });

  it('reads a departing group: a van for 6 guests is a Multivan 6, "the airport T3", a room number is not a time', () => {
    const text = `Hello, Guest Anna Kowalski (room 1204) departs on JQ 12. Please take 6 guests and 8 bags in a van from Como The Treasury, 1 Cathedral Avenue to the airport T3 on Saturday 4:45am.`;
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Anna Kowalski',
      flightNumber: 'JQ12',
      pickupLocation: 'Como The Treasury, 1 Cathedral Avenue',
      dropoffLocation: T3,
      pickupTime: '2026-03-14T04:45:00.000+08:00',
      numPassengers: 6,
      numSuitcases: 8,
      vehicleType: 'Multivan 6',
      notes: 'Flight JQ12',
    });
    expect(missing).toEqual(['Could not find a phone number']);
  });

  it("reads '12/03 0715' as 12 March at 7:15 am and a 'send a car to' address as the pickup", () => {
    const text =
      'Can you send a car to 10 Bay View Terrace, Claremont on 12/03 0715? Going to Perth CBD. Passenger: Li Wei 0411 222 333';
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Li Wei',
      phone: '+61411222333',
      pickupLocation: '10 Bay View Terrace, Claremont',
      dropoffLocation: 'Perth CBD',
      pickupTime: '2026-03-12T07:15:00.000+08:00',
    });
    expect(missing).toEqual([]);
  });
});

describe('parseBookingText on fields written on one line', () => {
  it.each([
    ['pickup 12 Hay Street Perth, drop 1 Airport Drive Perth Airport', '12 Hay Street Perth', T1],
    [
      'Could you pick up from the Westin Perth, 480 Hay Street, drop off at Kings Park, Fraser Avenue',
      'Westin Perth, 480 Hay Street',
      'Kings Park, Fraser Avenue',
    ],
    ['Please pick up John Smith from the Hilton, drop off at the airport', 'Hilton', T3],
    [
      'Pickup: Crown Towers Perth, Great Eastern Highway, Burswood; Dropoff: Optus Stadium',
      'Crown Towers Perth, Great Eastern Highway, Burswood',
      'Optus Stadium',
    ],
    ['Pick up - 45 Hay St Subiaco | Drop off - Perth Zoo', '45 Hay St Subiaco', 'Perth Zoo'],
    [
      'PU: Hyatt Regency Perth, 99 Adelaide Terrace / DO: Perth Airport T1',
      'Hyatt Regency Perth, 99 Adelaide Terrace',
      T1,
    ],
    ['P/U: 100 Hay Street Perth / D/O: T3, 2 pax', '100 Hay Street Perth', T3],
    ['Please pick up from Crown Towers / DO: T1', 'Crown Towers', T1],
    // 'Sir' here names a place, not a person being picked up.
    [
      'pickup Sir Charles Gairdner Hospital, drop Perth Airport T1',
      'Sir Charles Gairdner Hospital',
      T1,
    ],
    [
      'Greetings from the Crown concierge desk, could we get a car from 12 Hay Street Perth to Optus Stadium at 6pm',
      '12 Hay Street Perth',
      'Optus Stadium',
    ],
    [
      'A tour tomorrow from 9am, from 1 Barrack Street Perth to Kings Park',
      '1 Barrack Street Perth',
      'Kings Park',
    ],
    // The destination first, then the pickup.
    ['Car to Perth Airport T1 from 3/12 Hay Street Perth at 5pm', '3/12 Hay Street Perth', T1],
    [
      'Need a car to Optus Stadium at 6pm from 45 Hay St Subiaco, 2 pax',
      '45 Hay St Subiaco',
      'Optus Stadium',
    ],
    [
      'We are going to Kings Park from the Hyatt Regency tomorrow at 9am',
      'Hyatt Regency',
      'Kings Park',
    ],
    ['Transfer to Perth Airport T1 from Crown Towers', 'Crown Towers', T1],
    // 'to' and 'from' inside a name are no words of their own.
    ['Car to Tonkin Highway from Fromelles Way at 9am', 'Fromelles Way', 'Tonkin Highway'],
    ['car from Toodyay Road to Tomato Lane at 9am', 'Toodyay Road', 'Tomato Lane'],
  ])('reads the pickup and destination of %j', (text, pickup, dropoff) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.pickupLocation).toBe(pickup);
    expect(draft.dropoffLocation).toBe(dropoff);
  });

  it.each([
    ['Drop me a line if anything changes.', undefined, undefined],
    ['Pickup Mr Smith, he will be at the front desk', undefined, undefined],
    [
      'We are staying in Perth from 12 March to 15 March; a car on 12 March at 9am please',
      undefined,
      undefined,
    ],
    // The flight's route is not the car's: an arriving flight is met at the airport.
    ['Guest arriving on QF 10 from London to Perth tomorrow at 5pm', T3, undefined],
    ['We fly from Sydney to Perth on Friday', undefined, undefined],
    ['Flying to Sydney from Perth on Friday', undefined, undefined],
    ['Welcome to Perth! We leave from the Hilton', undefined, undefined],
  ])('takes no place that is not one from %j', (text, pickup, dropoff) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.pickupLocation).toBe(pickup);
    expect(draft.dropoffLocation).toBe(dropoff);
  });

  it.each([
    ['Pickup: 3/12 Hay Street, Perth\nTime: 9pm', '3/12 Hay Street, Perth', undefined],
    [
      'Please pick up from Unit 4/5 Mounts Bay Road, Crawley to Perth Airport T1 at 9pm',
      'Unit 4/5 Mounts Bay Road, Crawley',
      T1,
    ],
    [
      'Car from 2/10 St Georges Tce Perth to Optus Stadium at 9pm',
      '2/10 St Georges Tce Perth',
      'Optus Stadium',
    ],
    ['pickup U3/12 Hay St, drop T1 at 9pm', 'U3/12 Hay St', T1],
    // Numbers 3 to 5 of the street, not 3 May.
    [
      'collect from 3-5 Hay Street Subiaco to Kings Park at 9pm',
      '3-5 Hay Street Subiaco',
      'Kings Park',
    ],
  ])('reads the unit address of %j as a place, and no date from it', (text, pickup, dropoff) => {
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft.pickupLocation).toBe(pickup);
    expect(draft.dropoffLocation).toBe(dropoff);
    expect(draft.pickupTime).toBe('2026-03-10T21:00:00.000+08:00');
    expect(missing).toContain('Could not find a pickup date');
  });

  it.each([
    // A label or the line's start alone does not make an address.
    ['Pickup 3/12 at 9am from the Hilton', undefined],
    ['3/12 Pickup 9am from 12 Hay Street to T1', '12 Hay Street'],
    ['Pickup 3/12 Crown Towers 9am', undefined],
    ["see u 3/12 at 9am, we're going from 12 Hay St to T1", '12 Hay St'],
    // The same figures beside a street and as the date.
    ['from 3/12 Hay Street Perth to T1 on 3/12 at 9am', '3/12 Hay Street Perth'],
  ])('still reads 3/12 in %j as 3 December', (text, pickup) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.pickupTime).toBe('2026-12-03T09:00:00.000+08:00');
    expect(draft.pickupLocation).toBe(pickup);
  });

  it.each([
    ['name: Li Wei, phone +86 138 0013 8000', 'Li Wei', '+8613800138000'],
    ["Name - Sarah O'Brien | Mobile: 0412 345 678", "Sarah O'Brien", '+61412345678'],
    ["Name - Sarah O'Brien | Mobile: +44 (0)7911 123456", "Sarah O'Brien", '+447911123456'],
    ['Passenger: Dr. Amelia Chen (0412 345 678)', 'Amelia Chen', '+61412345678'],
    ['Passenger: Dr. Amelia Chen (0412 345 678) 2 pax, 2 bags', 'Amelia Chen', '+61412345678'],
    ['Name: Li Wei\tPhone: +1 212 555 0123', 'Li Wei', '+12125550123'],
    ['Guest: Mr Wei Zhang, Tel (+86) 138 0013 8000', 'Wei Zhang', '+8613800138000'],
  ])('reads the name and phone of %j, an international number as typed', (text, name, phone) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.passengerName).toBe(name);
    expect(draft.phone).toBe(phone);
  });

  it.each([
    ['Guest in Room 1204 0412 345 678', '+61412345678'],
    ['Room 12 (08) 9221 1234', '+61892211234'],
    ['Arriving 12/03 0715 0412 345 678', '+61412345678'],
    ['Call 0412 345 678 0423 987 654', '+61412345678'],
    // A count after the number is the head count, not a digit of it.
    ['Phone +86 138 0013 8000 2 pax', '+8613800138000'],
  ])('finds the number run into other digits in %j', (text, phone) => {
    expect(parseBookingText(text, NOW).draft.phone).toBe(phone);
  });

  it.each([
    ['Phone: 0086 138 0013 8000', '+8613800138000'],
    ['Guest: Mr Wei Zhang, Tel (0086) 138 0013 8000', '+8613800138000'],
    ['Room 1204 0086 138 0013 8000 2 pax', '+8613800138000'],
    ['Tel 0044 20 7946 0958', '+442079460958'],
    // Australia dials out with 0011.
    ['Mobile 0011 86 138 0013 8000', '+8613800138000'],
    // An Australian number dialled from abroad is stored as it is from here.
    ['Mob 0061 412 345 678', '+61412345678'],
  ])("reads the dialling-out 00 of %j as the '+'", (text, phone) => {
    expect(parseBookingText(text, NOW).draft.phone).toBe(phone);
  });

  it("takes the guest's international number, not the concierge's in the signature", () => {
    const text = `Hello,
Please book a car tomorrow at 9am for our guest.
name: Li Wei, phone +86 138 0013 8000

Kind regards,
Emma
Concierge, Crown Towers Perth
T: (08) 9362 7777`;
    expect(parseBookingText(text, NOW).draft.phone).toBe('+8613800138000');
  });

  it.each([
    // A Chinese mobile without its +86 is no Australian number.
    ['Mobile: 138 0013 8000', undefined],
    // Not a valid UK number, and no shorter part of it is made into one.
    ['Phone: +44 7700 900123 2', undefined],
  ])('does not make %j into another number', (text, phone) => {
    expect(parseBookingText(text, NOW).draft.phone).toBe(phone);
  });
});

describe('parseBookingText rules', () => {
  it("reads 'a car for John Smith 0412 345 678' as the passenger, but not 'a car for Perth Airport'", () => {
    const named = parseBookingText(
      'Hi, please book a car for John Smith 0412 345 678 tomorrow at 10.30am from Perth Airport T1 to 100 Hay Street Perth, 2 passengers 3 bags. Thanks',
      NOW,
    );
    expect(named.draft.passengerName).toBe('John Smith');
    expect(named.draft.phone).toBe('+61412345678');
    const place = parseBookingText('Please send a car for Perth Airport tomorrow at 9am.', NOW);
    expect(place.draft.passengerName).toBeUndefined();
  });

  it.each([
    ['Please book Mrs Amélie Dubois from Perth Airport T1 tomorrow at 9am.', 'Amélie Dubois'],
    ['Name: José Álvarez\nPickup: Perth Airport T1 tomorrow 9am', 'José Álvarez'],
    ["A car for Mr Seán O'Brien-Nguyễn please, tomorrow at 9am.", "Seán O'Brien-Nguyễn"],
    ['Guest Mrs Zoë Smith, arriving tomorrow at 9am.', 'Zoë Smith'],
    // Accents as combining marks (NFD, as some mail programs send them).
    ['Passenger: Rene\u0301e Dubois', 'Rene\u0301e Dubois'],
    ['Lead passenger: Łukasz Żółw, 2 pax', 'Łukasz Żółw'],
    // A lone surname keeps its title, accented or not.
    ['Pickup for Mrs Éclair tomorrow at 9am from Perth Airport T1.', 'Mrs Éclair'],
  ])('keeps the accented letters of a name: %j', (text, name) => {
    expect(parseBookingText(text, NOW).draft.passengerName).toBe(name);
  });

  it.each([
    ['pickup Sir Charles Gairdner Hospital', undefined],
    ['From: Sir Charles Gairdner Hospital To: Perth Airport T1', undefined],
    ['Drop off at Sir Charles Gairdner Hospital, Hospital Avenue, Nedlands', undefined],
    [
      'Pickup: Sir Charles Gairdner Hospital\nDestination: Perth Airport T1\nMr John Smith 0412 345 678',
      'John Smith',
    ],
    // The return trip's places are places too.
    [
      'Car from Crown Towers to T1 at 9am. Return on Friday at 5pm, pickup Sir Charles Gairdner Hospital',
      undefined,
    ],
    // A person picked up is still the passenger.
    ['Please pick up Sir Elton John from Crown Towers to T1', 'Elton John'],
  ])('takes no name from a place after a pickup or drop-off label: %j', (text, name) => {
    expect(parseBookingText(text, NOW).draft.passengerName).toBe(name);
  });

  it('says what it could not find and leaves those fields out of the draft', () => {
    const { draft, missing } = parseBookingText('Please call me back about a booking.', NOW);
    expect(draft).toEqual({});
    expect(missing).toEqual([
      'Could not find a passenger name',
      'Could not find a phone number',
      'Could not find a pickup address',
      'Could not find a destination',
      'Could not find a pickup date',
      'Could not find a pickup time',
    ]);
  });

  it('gives no pickup time for a date without a time, and says the time is missing', () => {
    const { draft, missing } = parseBookingText('Name: Jo King. Pickup on 20/03.', NOW);
    expect(draft.pickupTime).toBeUndefined();
    expect(missing).toContain('Could not find a pickup time');
    expect(missing).not.toContain('Could not find a pickup date');
  });

  it('takes a time without a date as its next occurrence: 7:15 am has passed at 9 am, so tomorrow', () => {
    const { draft, found, missing } = parseBookingText('Pick up at 7:15am please', NOW);
    expect(draft.pickupTime).toBe('2026-03-11T07:15:00.000+08:00');
    expect(found).toContain('Pickup time: Wed, Mar 11, 2026, 7:15 am (next occurrence)');
    expect(missing).toContain('Could not find a pickup date');
  });

  it('takes a date without a year that has passed as next year', () => {
    const { draft } = parseBookingText('Airport run on 5 March at 10am', NOW);
    expect(draft.pickupTime).toBe('2027-03-05T10:00:00.000+08:00');
  });

  it('takes today\u2019s weekday with a time already passed as next week', () => {
    expect(parseBookingText('Tuesday 8am', NOW).draft.pickupTime).toBe(
      '2026-03-17T08:00:00.000+08:00',
    );
    expect(parseBookingText('Tuesday 6pm', NOW).draft.pickupTime).toBe(
      '2026-03-10T18:00:00.000+08:00',
    );
  });

  it('takes the calendar date written beside a weekday, and says when the two disagree', () => {
    // 13 March 2026 is a Friday.
    const agreeing = parseBookingText('Friday 13 March at 10am', NOW);
    expect(agreeing.draft.pickupTime).toBe('2026-03-13T10:00:00.000+08:00');
    expect(agreeing.missing).toEqual(expect.not.arrayContaining([expect.stringMatching(/says/)]));
    expect(parseBookingText('10am Friday (13/03)', NOW).missing).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/says/)]),
    );

    const wrong = parseBookingText('Thursday 13 March at 10am', NOW);
    expect(wrong.draft.pickupTime).toBe('2026-03-13T10:00:00.000+08:00');
    expect(wrong.missing).toContain(
      'The text says Thursday, but Mar 13, 2026 is a Friday: check the date',
    );
    // The weekday nearer the time no longer wins over the date beside it.
    const timeFirst = parseBookingText('10am Thursday, 13/3', NOW);
    expect(timeFirst.draft.pickupTime).toBe('2026-03-13T10:00:00.000+08:00');
    expect(timeFirst.missing).toContain(
      'The text says Thursday, but Mar 13, 2026 is a Friday: check the date',
    );
  });

  it('takes the date beside "tomorrow", and says when they disagree', () => {
    // NOW is Tuesday 10 March: tomorrow is the 11th.
    const agreeing = parseBookingText('Pickup tomorrow 11/3 at 9.30pm', NOW);
    expect(agreeing.draft.pickupTime).toBe('2026-03-11T21:30:00.000+08:00');
    expect(agreeing.missing).toEqual(expect.not.arrayContaining([expect.stringMatching(/says/)]));

    const wrong = parseBookingText('Pickup tomorrow 13/3 at 9.30pm', NOW);
    expect(wrong.draft.pickupTime).toBe('2026-03-13T21:30:00.000+08:00');
    expect(wrong.missing).toContain(
      'The text says tomorrow, but Mar 13, 2026 is not tomorrow: check the date',
    );
  });

  it('reads a name after a label written without its colon, and not a terminal', () => {
    expect(
      parseBookingText('Car tomorrow 9am to the airport, name John Smith, mob 0412 000 111', NOW)
        .draft.passengerName,
    ).toBe('John Smith');
    expect(
      parseBookingText('Passenger John Smith 0412 345 679, from T1 to Scarborough', NOW).draft
        .passengerName,
    ).toBe('John Smith');
    expect(
      parseBookingText('Send a car to Passenger Terminal 1 tomorrow at 9am', NOW).draft
        .passengerName,
    ).toBeUndefined();
  });

  it('flags a time today that has already passed', () => {
    const { missing } = parseBookingText('today at 8:00', NOW);
    expect(missing).toContain('The pickup time has already passed');
  });

  it('prefers the pickup time over the flight time when both are given', () => {
    const { draft } = parseBookingText(
      'Flight lands at 5:30pm on Friday. Please pick up at 6:15pm from T1 to Scarborough.',
      NOW,
    );
    expect(draft.pickupTime).toBe('2026-03-13T18:15:00.000+08:00');
    expect(draft.pickupLocation).toBe(T1);
    expect(draft.dropoffLocation).toBe('Scarborough');
  });

  it('reads times in another zone when asked (Sydney is UTC+11 in March)', () => {
    const { draft } = parseBookingText('tomorrow 5:30pm', NOW, 'Australia/Sydney');
    expect(draft.pickupTime).toBe('2026-03-11T17:30:00.000+11:00');
  });

  it('counts adults and children together and caps the form at 7 passengers', () => {
    expect(parseBookingText('2 adults and 1 child', NOW).draft.numPassengers).toBe(3);
    const big = parseBookingText('party of nine', NOW);
    expect(big.draft.numPassengers).toBe(7);
    expect(big.draft.vehicleType).toBe('Imax 7');
    expect(big.missing).toContain('9 passengers need more than one vehicle');
  });

  it('fills what a booking takes and says at the field what the text asked for', () => {
    const nine = parseBookingText('Pax: 9', NOW);
    expect(nine.draft.numPassengers).toBe(7);
    expect(nine.fieldNotes).toEqual({
      numPassengers: 'The text asks for 9 passengers: 7 is the most a vehicle seats',
    });

    const none = parseBookingText('Pax: 0', NOW);
    expect(none.draft.numPassengers).toBe(1);
    expect(none.fieldNotes.numPassengers).toBe(
      'The text asks for 0 passengers: a booking has at least 1',
    );
    expect(none.missing).toContain('The text asks for 0 passengers: a booking has at least 1');

    const bags = parseBookingText('2 pax, 25 suitcases', NOW);
    expect(bags.draft.numSuitcases).toBe(20);
    expect(bags.fieldNotes).toEqual({
      numSuitcases: 'The text asks for 25 suitcases: 20 is the most a booking takes',
    });
    expect(bags.missing).toContain(
      'The text asks for 25 suitcases: 20 is the most a booking takes',
    );

    expect(parseBookingText('2 pax, 3 suitcases', NOW).fieldNotes).toEqual({});
  });

  it('fills the child seats the text counts, within the passengers, a seat each', () => {
    const two = parseBookingText('3 pax, 2 booster seats', NOW);
    expect(two.draft.childSeats).toBe(2);
    expect(two.found).toContain('Child seats: 2');
    expect(two.fieldNotes).toEqual({});
    expect(parseBookingText('Pax: 3\nChild seats: 2', NOW).draft.childSeats).toBe(2);
    expect(parseBookingText('2 adults, 1 infant, a baby seat', NOW).draft.childSeats).toBe(1);

    const capped = parseBookingText('party of 6, 5 child seats', NOW);
    expect(capped.draft.childSeats).toBe(4);
    expect(capped.fieldNotes.childSeats).toBe(
      'The text asks for 5 child seats: 4 is the most a booking fits',
    );
    // No passenger count: the form's one passenger takes one seat.
    const beyond = parseBookingText('3 child seats please', NOW);
    expect(beyond.draft.childSeats).toBe(1);
    expect(beyond.fieldNotes.childSeats).toBe(
      'The text asks for 3 child seats: 1 passenger takes at most 1',
    );
  });

  it('says at Child seats when the text asks for them but not how many, and reads "no child seat"', () => {
    const unsaid = parseBookingText('2 pax, child seats needed', NOW);
    expect(unsaid.draft.childSeats).toBeUndefined();
    expect(unsaid.draft.notes).toBe('Child seat requested');
    expect(unsaid.fieldNotes.childSeats).toBe('The text asks for child seats but not how many');
    expect(unsaid.missing).toContain('The text asks for child seats but not how many');

    const refused = parseBookingText('2 pax, no child seat needed', NOW);
    expect(refused.draft.childSeats).toBeUndefined();
    expect(refused.draft.notes).toBeUndefined();
  });

  it('says at Pickup Time when the text gives a day without a time, or a day and date that disagree', () => {
    expect(parseBookingText('Name: Jo King. Pickup on 20/03.', NOW).fieldNotes).toEqual({
      pickupTime: 'The text says 20/03 but gives no time',
    });
    expect(parseBookingText('Thursday 13 March at 10am', NOW).fieldNotes).toEqual({
      pickupTime: 'The text says Thursday, but Mar 13, 2026 is a Friday: check the date',
    });
  });

  it('adds up suitcases and bags mentioned separately', () => {
    expect(parseBookingText('2 large suitcases and 1 bag', NOW).draft.numSuitcases).toBe(3);
  });

  it('does not take the sender of a forwarded mail as the passenger email', () => {
    const text = 'From: desk@hotel.example\nSubject: car\n\nGuest Ana Silva, 0412 345 678';
    expect(parseBookingText(text, NOW).draft.email).toBeUndefined();
  });

  it('notes a child seat request', () => {
    const { draft } = parseBookingText('We need a baby seat for our son', NOW);
    expect(draft.notes).toBe('Child seat requested');
  });

  it('is deterministic for the same text and now', () => {
    const text = 'Guest Ana Silva tomorrow 5:30pm from Crown Towers to T1';
    expect(parseBookingText(text, NOW)).toEqual(parseBookingText(text, NOW));
  });

  it('takes no place made only of marks (fast-check found "pick up from !<")', () => {
    const { draft, missing } = parseBookingText('pick up from !<', NOW);
    expect(draft.pickupLocation).toBeUndefined();
    expect(missing).toContain('Could not find a pickup address');
  });

  it('never throws, and its draft is always a valid booking once the required fields are in', () => {
    const words = fc.constantFrom(
      'pick up',
      'from',
      'to',
      'T1',
      'tomorrow',
      '5:30pm',
      '12/03',
      '0715',
      'Friday',
      'Mr',
      'John',
      'Brown',
      '2 pax',
      '3 bags',
      '25 suitcases',
      'Pax: 9',
      '3 child seats',
      'a baby seat',
      'QF 583',
      'van',
      '0412 345 678',
      'Name:',
      '\n',
      'return',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(words, fc.string()), { maxLength: 30 }), (parts) => {
        const { draft } = parseBookingText(parts.join(' '), NOW);
        const { flightNumber: _flight, ...fields } = draft;
        const candidate = {
          pickupLocation: 'A',
          dropoffLocation: 'B',
          pickupTime: '2026-03-11T08:00:00+08:00',
          ...fields,
        };
        expect(CreateBookingInputSchema.safeParse(candidate).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseBookingText on text messages and chat', () => {
  const T2 = 'Perth Airport Terminal 2 (T2), Sugarbird Lady Road, Perth Airport WA 6105';

  it.each([
    // 'pickup' inside a sentence is a label; the date after the address is no part of it.
    'Hi, car for 2 pax pickup Unit 4/55 Mounts Bay Road Crawley 3/12 at 9am to Perth Airport T1, name Li Wei 0412 345 678',
    'Hi, car for 2 pax, pickup Unit 4/55 Mounts Bay Road Crawley 3/12 at 9am to Perth Airport T1, name Li Wei 0412 345 678',
  ])('reads a pickup label inside a sentence, and the destination after it: %j', (text) => {
    const { draft, missing } = parseBookingText(text, NOW);
    expect(draft).toEqual({
      passengerName: 'Li Wei',
      phone: '+61412345678',
      pickupLocation: 'Unit 4/55 Mounts Bay Road Crawley',
      dropoffLocation: T1,
      pickupTime: '2026-12-03T09:00:00.000+08:00',
      numPassengers: 2,
    });
    expect(missing).toEqual([]);
  });

  it('ends a labelled place where the next field begins: a titled name and a number', () => {
    const { draft } = parseBookingText(
      'pickup Sir Charles Gairdner Hospital, drop Crown Towers, Mr John Smith, 0086 138 0013 8000',
      NOW,
    );
    expect(draft).toEqual({
      passengerName: 'John Smith',
      phone: '+8613800138000',
      pickupLocation: 'Sir Charles Gairdner Hospital',
      dropoffLocation: 'Crown Towers',
    });
  });

  it.each([
    ['Pickup: Crown Towers, 9am tomorrow', 'Crown Towers'],
    ['Pickup: 12 Hay St, Perth 6000 - 0412 345 678', '12 Hay St, Perth 6000'],
    ['Pickup: Hyatt Regency, email jo@example.com', 'Hyatt Regency'],
    ['Pick up - Crown Towers for Mr Lee', 'Crown Towers'],
    ['pickup 12 Hay St Subiaco pls, 2 pax', '12 Hay St Subiaco'],
    // A knight's name and a street's 'Dr' are the place's own.
    ['Pickup: Sir James Mitchell Park, South Perth', 'Sir James Mitchell Park, South Perth'],
    ['Pickup: 7 Ocean Dr Cottesloe, 0412 345 678', '7 Ocean Dr Cottesloe'],
  ])('ends the place of %j at the next field', (text, pickup) => {
    expect(parseBookingText(text, NOW).draft.pickupLocation).toBe(pickup);
  });

  it("takes the 'Dr' after a street number as Drive, not a doctor", () => {
    const { draft, missing } = parseBookingText(
      'From 7 Ocean Dr Cottesloe to Perth Arena at 7pm today. Phone 0412 345 678',
      NOW,
    );
    expect(draft).toEqual({
      phone: '+61412345678',
      pickupLocation: '7 Ocean Dr Cottesloe',
      dropoffLocation: 'Perth Arena',
      pickupTime: '2026-03-10T19:00:00.000+08:00',
    });
    expect(missing).toEqual(['Could not find a passenger name']);
    expect(
      parseBookingText('Pickup: 12 Sir Frederick Samson Dr, Perth at 9am', NOW).draft.passengerName,
    ).toBeUndefined();
    // A doctor is still one where no street stands before the title.
    expect(
      parseBookingText(
        'From 20 Kings Park Rd West Perth to Perth Airport T1 at 5am Monday for Dr Lee 0412 000 111',
        NOW,
      ).draft.passengerName,
    ).toBe('Dr Lee');
  });

  it("reads a request that opens with 'Return trip': the outward leg, and the way back as a note", () => {
    const { draft, found, missing } = parseBookingText(
      'Return trip from 7 Ocean Dr Cottesloe to Perth Arena at 7pm today, back at 11pm. Phone 9384 1234',
      NOW,
    );
    expect(draft).toEqual({
      phone: '+61893841234',
      pickupLocation: '7 Ocean Dr Cottesloe',
      dropoffLocation: 'Perth Arena',
      pickupTime: '2026-03-10T19:00:00.000+08:00',
      notes: 'Return trip: back at 11pm',
    });
    expect(found).toContain('Return trip (book it separately)');
    expect(missing).toEqual(['Could not find a passenger name']);
  });

  it.each([
    [
      'Round trip please: 12 Hay St to Optus Stadium Saturday 6pm, back at 11pm. Jo Smith 0412 888 777',
      '2026-03-14T18:00:00.000+08:00',
      'Return trip: back at 11pm',
    ],
    [
      '12 Hay St to T1 at 9pm, then back at 11pm',
      '2026-03-10T21:00:00.000+08:00',
      'Return trip: then back at 11pm',
    ],
    [
      'Return trip from 12 Hay St to Optus Stadium at 6pm Saturday',
      '2026-03-14T18:00:00.000+08:00',
      'Return trip: Return trip from 12 Hay St to Optus Stadium at 6pm Saturday',
    ],
  ])('takes the way back in %j as the return, not the pickup', (text, pickupTime, notes) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.pickupLocation).toBe('12 Hay St');
    expect(draft.pickupTime).toBe(pickupTime);
    expect(draft.notes).toBe(notes);
  });

  it("reads 'Airport T1 to X' with the written terminal, a couple's titles and the flight's time", () => {
    const { draft, found, missing } = parseBookingText(
      'Booking for 2 Dec: Airport T1 to Hyatt Regency Perth, arriving QF 10 at 0615, 4 adults 4 bags, name Mr & Mrs Chen 0413 222 333',
      NOW,
    );
    expect(draft).toEqual({
      passengerName: 'Mr & Mrs Chen',
      phone: '+61413222333',
      flightNumber: 'QF10',
      pickupLocation: T1,
      dropoffLocation: 'Hyatt Regency Perth',
      pickupTime: '2026-12-02T06:15:00.000+08:00',
      numPassengers: 4,
      numSuitcases: 4,
      vehicleType: 'Multivan 6',
      notes: 'Flight QF10',
    });
    expect(found).toContain(`Pickup: ${T1}`);
    expect(missing).toEqual([]);
  });

  it('takes a terminal written anywhere over a guess from the flight', () => {
    const { draft } = parseBookingText(
      'Mr Lee arriving QF 10 tomorrow 5pm at the airport (T1), going to Crown Towers',
      NOW,
    );
    expect(draft.pickupLocation).toBe(T1);
    expect(draft.dropoffLocation).toBe('Crown Towers');
  });

  it.each([
    [
      'Car to Perth Airport tomorrow 9am from Crown Towers',
      `Destination: ${T3} (terminal guessed, none given)`,
    ],
    [
      'From Perth Airport to Crown Towers tomorrow 9am, flight QF 10',
      `Pickup: ${T3} (terminal guessed, from flight QF10)`,
    ],
    [
      'Drop off: the airport, flight SQ 216',
      `Destination: ${T1} (terminal guessed, from flight SQ216)`,
    ],
    ['Drop off: Perth Airport T1', `Destination: ${T1}`],
    ['Drop off: Perth Airport (international)', `Destination: ${T1}`],
  ])('says when the terminal of %j is a guess', (text, line) => {
    expect(parseBookingText(text, NOW).found).toContain(line);
  });

  it('ends a place at a time: the pickup of a trip for a person named alone', () => {
    const { draft } = parseBookingText(
      'Hi, please book a car for Ahmed from Joondalup station at 06:00 to airport T2 on Monday',
      NOW,
    );
    expect(draft).toEqual({
      passengerName: 'Ahmed',
      pickupLocation: 'Joondalup station',
      dropoffLocation: T2,
      pickupTime: '2026-03-16T06:00:00.000+08:00',
    });
  });

  it.each([
    ['Thanks, Sarah 0400 111 222', 'Sarah'],
    ['Name Tom on 0412 000 111', 'Tom'],
    ['Car from 12 Hay St to T1 at 9pm. Jo Smith 0412 888 777', 'Jo Smith'],
    ['Car from 12 Hay St to T1 at 9pm, 2 pax, Jen 0412 000 111', 'Jen'],
    ['Kind regards,\nEmma\n0412 999 888', 'Emma'],
    ['Pickup Sarah Jones from 55 Mounts Bay Rd at 9am', 'Sarah Jones'],
    ['Car for Mr and Mrs Taylor from Crown Towers to T1 at 4pm tomorrow', 'Mr and Mrs Taylor'],
  ])('reads the name signed or written before a number in %j', (text, name) => {
    expect(parseBookingText(text, NOW).draft.passengerName).toBe(name);
  });

  it.each([
    // A contact word or a place before the number is no name.
    ['Car at 9pm\nMobile 0412 000 111', undefined],
    ['Pickup: 12 Hay St, Subiaco 0412 000 111', undefined],
    ['I need to drop Tom at Crown Towers at 9am tomorrow', undefined],
  ])('takes no name from %j', (text, name) => {
    expect(parseBookingText(text, NOW).draft.passengerName).toBe(name);
  });

  it.each([
    // The tester's message, and the same written without 'from' or with a sign-off.
    ['car tmrw 8am airport pickup from 1 Murray St Perth to Crown Towers', undefined],
    ['car tmrw 8am airport pickup 1 Murray St Perth to Crown Towers', undefined],
    [
      'need a car tmrw 8am - airport pickup from 1 Murray St Perth to Crown Towers pls, 2 pax, Jen 0412 000 111',
      'Jen',
    ],
  ])('reads the pickup and destination of %j', (text, name) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.pickupLocation).toBe('1 Murray St Perth');
    expect(draft.dropoffLocation).toBe('Crown Towers');
    expect(draft.pickupTime).toBe('2026-03-11T08:00:00.000+08:00');
    expect(draft.passengerName).toBe(name);
  });

  it.each([
    [
      'Transfer request: 12 Hay St Subiaco to T1, Saturday 5am, 3 pax 4 bags, Mr Lee 0412 111 222',
      '12 Hay St Subiaco',
      T1,
    ],
    [
      'Need a driver: 2 Dec 9am, Perth Airport to 10 Bay View Terrace Claremont, 2 pax',
      T3,
      '10 Bay View Terrace Claremont',
    ],
    [
      'airport run please, T3 to 45 Hay St Subiaco, landing JQ 575 at 14:20 Sunday, name Kim 0400 555 666',
      T3,
      '45 Hay St Subiaco',
    ],
    // A sentence inside it is no route: 'Cab' and 'Welcome' are no places.
    ['Cab to T1 at 9am please', undefined, undefined],
    ['Welcome to Perth Airport! Your driver will meet you.', undefined, undefined],
  ])("reads 'X to Y' opening a clause in %j", (text, pickup, dropoff) => {
    const { draft } = parseBookingText(text, NOW);
    expect(draft.pickupLocation).toBe(pickup);
    expect(draft.dropoffLocation).toBe(dropoff);
  });

  it.each([
    [
      'We land at 5pm, could you pick us up at T2 and drop us at 3 Smith St Perth',
      '3 Smith St Perth',
    ],
    ['Drop me at the airport at 6am, pickup from 10 Bay View Terrace Claremont', T3],
  ])("reads 'drop me at X' in %j", (text, dropoff) => {
    expect(parseBookingText(text, NOW).draft.dropoffLocation).toBe(dropoff);
  });

  it.each([
    ['Phone 9384 1234', '+61893841234'],
    ['Name Tom on 9384 1234', '+61893841234'],
    // Eight digits without a phone word may be a reference.
    ['Ref 4521 8890', undefined],
  ])('reads a Perth landline without its area code after a phone word: %j', (text, phone) => {
    expect(parseBookingText(text, NOW).draft.phone).toBe(phone);
  });
});
