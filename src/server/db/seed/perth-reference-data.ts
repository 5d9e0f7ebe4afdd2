import type { LatLng } from '../../../domain/maps';
import type { VehicleType } from '../../../domain/vehicles';
import { PERTH_PLACES } from '../../features/maps/perth-places';

/** Invented-for-the-demo lists. Coordinates are approximate centres, good to a few hundred metres. */

export type Suburb = { name: string; postcode: string } & LatLng;

export const PERTH_SUBURBS: readonly Suburb[] = [
  { name: 'Perth', postcode: '6000', lat: -31.9523, lng: 115.8613 },
  { name: 'West Perth', postcode: '6005', lat: -31.949, lng: 115.842 },
  { name: 'East Perth', postcode: '6004', lat: -31.959, lng: 115.877 },
  { name: 'Northbridge', postcode: '6003', lat: -31.946, lng: 115.857 },
  { name: 'Highgate', postcode: '6003', lat: -31.939, lng: 115.869 },
  { name: 'Mount Lawley', postcode: '6050', lat: -31.934, lng: 115.871 },
  { name: 'North Perth', postcode: '6006', lat: -31.928, lng: 115.852 },
  { name: 'Leederville', postcode: '6007', lat: -31.936, lng: 115.841 },
  { name: 'Mount Hawthorn', postcode: '6016', lat: -31.92, lng: 115.835 },
  { name: 'Subiaco', postcode: '6008', lat: -31.949, lng: 115.827 },
  { name: 'Shenton Park', postcode: '6008', lat: -31.956, lng: 115.797 },
  { name: 'Nedlands', postcode: '6009', lat: -31.978, lng: 115.803 },
  { name: 'Dalkeith', postcode: '6009', lat: -31.995, lng: 115.799 },
  { name: 'Claremont', postcode: '6010', lat: -31.98, lng: 115.78 },
  { name: 'Cottesloe', postcode: '6011', lat: -31.999, lng: 115.762 },
  { name: 'Peppermint Grove', postcode: '6011', lat: -31.998, lng: 115.766 },
  { name: 'Mosman Park', postcode: '6012', lat: -32.014, lng: 115.766 },
  { name: 'Wembley', postcode: '6014', lat: -31.932, lng: 115.808 },
  { name: 'Floreat', postcode: '6014', lat: -31.939, lng: 115.793 },
  { name: 'City Beach', postcode: '6015', lat: -31.938, lng: 115.765 },
  { name: 'Osborne Park', postcode: '6017', lat: -31.901, lng: 115.811 },
  { name: 'Innaloo', postcode: '6018', lat: -31.893, lng: 115.796 },
  { name: 'Doubleview', postcode: '6018', lat: -31.896, lng: 115.781 },
  { name: 'Karrinyup', postcode: '6018', lat: -31.872, lng: 115.777 },
  { name: 'Scarborough', postcode: '6019', lat: -31.894, lng: 115.764 },
  { name: 'Duncraig', postcode: '6023', lat: -31.831, lng: 115.775 },
  { name: 'Hillarys', postcode: '6025', lat: -31.807, lng: 115.751 },
  { name: 'Joondalup', postcode: '6027', lat: -31.745, lng: 115.766 },
  { name: 'Inglewood', postcode: '6052', lat: -31.917, lng: 115.88 },
  { name: 'Maylands', postcode: '6051', lat: -31.931, lng: 115.895 },
  { name: 'Bayswater', postcode: '6053', lat: -31.917, lng: 115.917 },
  { name: 'Morley', postcode: '6062', lat: -31.888, lng: 115.908 },
  { name: 'Guildford', postcode: '6055', lat: -31.9, lng: 115.973 },
  { name: 'Midland', postcode: '6056', lat: -31.888, lng: 116.01 },
  { name: 'Ellenbrook', postcode: '6069', lat: -31.77, lng: 115.97 },
  { name: 'Belmont', postcode: '6104', lat: -31.945, lng: 115.925 },
  { name: 'Rivervale', postcode: '6103', lat: -31.96, lng: 115.91 },
  { name: 'Victoria Park', postcode: '6100', lat: -31.976, lng: 115.899 },
  { name: 'South Perth', postcode: '6151', lat: -31.982, lng: 115.862 },
  { name: 'Como', postcode: '6152', lat: -31.992, lng: 115.863 },
  { name: 'Applecross', postcode: '6153', lat: -32.015, lng: 115.835 },
  { name: 'Booragoon', postcode: '6154', lat: -32.039, lng: 115.834 },
  { name: 'Willetton', postcode: '6155', lat: -32.053, lng: 115.88 },
  { name: 'Canning Vale', postcode: '6155', lat: -32.058, lng: 115.918 },
  { name: 'Cannington', postcode: '6107', lat: -32.017, lng: 115.935 },
  { name: 'Kalamunda', postcode: '6076', lat: -31.974, lng: 116.058 },
  { name: 'Murdoch', postcode: '6150', lat: -32.07, lng: 115.838 },
  { name: 'East Fremantle', postcode: '6158', lat: -32.037, lng: 115.767 },
  { name: 'Fremantle', postcode: '6160', lat: -32.056, lng: 115.752 },
  { name: 'Cockburn Central', postcode: '6164', lat: -32.121, lng: 115.848 },
  { name: 'Armadale', postcode: '6112', lat: -32.15, lng: 116.015 },
  { name: 'Rockingham', postcode: '6168', lat: -32.283, lng: 115.742 },
];

export const STREET_NAMES: readonly string[] = [
  'Hay Street',
  'Rokeby Road',
  'Railway Parade',
  'Forrest Street',
  'Stirling Street',
  'Napier Street',
  'Hampden Road',
  'Bagot Road',
  'Park Road',
  'Lake Street',
  'Swan Street',
  'Canning Street',
  'Leake Street',
  'Gardner Street',
  'Palmerston Street',
  'Harvest Terrace',
  'Grosvenor Road',
  'Wellington Road',
  'Victoria Street',
  'Bayview Terrace',
  'Riverview Terrace',
  'Ocean View Drive',
  'Hillcrest Road',
  'Fairway Drive',
  'Kingsway',
  'Collins Street',
  'Banksia Street',
  'Jarrah Road',
  'Karri Way',
  'Marri Crescent',
  'Wattle Grove',
  'Acacia Street',
  'Hakea Place',
  'Grevillea Avenue',
  'Tuart Street',
  'Coolgardie Street',
  'Kalgoorlie Street',
  'Broome Street',
  'Esperance Street',
  'Albany Street',
  'Bunbury Street',
  'Jacaranda Drive',
];

export type PlaceKind =
  | 'airport'
  | 'hotel'
  | 'hospital'
  | 'venue'
  | 'university'
  | 'ferry'
  | 'shopping'
  | 'transport'
  | 'leisure'
  | 'golf';

export type Place = { name: string; address: string; kind: PlaceKind; weight: number } & LatLng;

/**
 * Where chauffeured trips start and end, besides homes: places of the maps
 * gazetteer (PERTH_PLACES, by slug, with its names and coordinates), the kind
 * of trip each serves, and `weight`, how often.
 */
const TRIP_PLACE_WEIGHTS: readonly (readonly [slug: string, kind: PlaceKind, weight: number])[] = [
  ['perth-airport-t1', 'airport', 14],
  ['perth-airport-t2', 'airport', 4],
  ['perth-airport-t3', 'airport', 10],
  ['perth-airport-t4', 'airport', 10],
  ['ritz-carlton-perth', 'hotel', 3],
  ['como-the-treasury', 'hotel', 2],
  ['hyatt-regency-perth', 'hotel', 3],
  ['pan-pacific-perth', 'hotel', 3],
  ['hilton-parmelia-perth', 'hotel', 2],
  ['westin-perth', 'hotel', 2],
  ['intercontinental-perth', 'hotel', 2],
  ['crown-towers-perth', 'hotel', 3],
  ['esplanade-hotel-fremantle', 'hotel', 2],
  ['fiona-stanley-hospital', 'hospital', 2],
  ['sir-charles-gairdner-hospital', 'hospital', 2],
  ['royal-perth-hospital', 'hospital', 2],
  ['perth-childrens-hospital', 'hospital', 1],
  ['st-john-of-god-subiaco', 'hospital', 1],
  ['hollywood-private-hospital', 'hospital', 1],
  ['optus-stadium', 'venue', 3],
  ['rac-arena', 'venue', 2],
  ['perth-convention-exhibition-centre', 'venue', 3],
  ['his-majestys-theatre', 'venue', 1],
  ['uwa', 'university', 2],
  ['curtin-university-bentley', 'university', 2],
  ['murdoch-university', 'university', 1],
  ['ecu-joondalup', 'university', 1],
  ['b-shed-victoria-quay', 'ferry', 2],
  ['hillarys-boat-harbour', 'ferry', 1],
  ['barrack-street-jetty', 'ferry', 1],
  ['perth-railway-station', 'transport', 1],
  ['east-perth-terminal', 'transport', 1],
  ['fremantle-prison', 'leisure', 1],
  ['fremantle-markets', 'leisure', 1],
  ['cottesloe-beach', 'leisure', 1],
  ['kings-park', 'leisure', 1],
  ['perth-zoo', 'leisure', 1],
  ['sandalford-wines', 'leisure', 1],
  ['westfield-carousel', 'shopping', 1],
  ['karrinyup-shopping-centre', 'shopping', 1],
  ['lakeside-joondalup', 'shopping', 1],
  ['royal-perth-golf-club', 'golf', 1],
  ['lake-karrinyup-country-club', 'golf', 1],
];

export const TRIP_PLACES: readonly Place[] = TRIP_PLACE_WEIGHTS.map(([slug, kind, weight]) => {
  const place = PERTH_PLACES.find((candidate) => candidate.slug === slug);
  if (!place) throw new Error(`No Perth place ${slug}`);
  const { name, lat, lng } = place;
  return { name, address: `${name}, ${place.address}`, kind, weight, lat, lng };
});

export type OfficeAddress = { address: string } & LatLng;

export const OFFICE_ADDRESSES: readonly OfficeAddress[] = [
  { address: '240 St Georges Terrace, Perth WA 6000', lat: -31.9551, lng: 115.8522 },
  { address: '152 St Georges Terrace, Perth WA 6000', lat: -31.9553, lng: 115.8563 },
  { address: '108 St Georges Terrace, Perth WA 6000', lat: -31.9554, lng: 115.8576 },
  { address: '125 St Georges Terrace, Perth WA 6000', lat: -31.9557, lng: 115.8571 },
  { address: '1 William Street, Perth WA 6000', lat: -31.9569, lng: 115.8578 },
  { address: '2 The Esplanade, Perth WA 6000', lat: -31.9571, lng: 115.8563 },
  { address: '160 Adelaide Terrace, Perth WA 6000', lat: -31.9597, lng: 115.8706 },
  { address: '100 Havelock Street, West Perth WA 6005', lat: -31.949, lng: 115.844 },
  { address: '45 Ventnor Avenue, West Perth WA 6005', lat: -31.9478, lng: 115.8412 },
  { address: '50 Hasler Road, Osborne Park WA 6017', lat: -31.899, lng: 115.813 },
  { address: '2 Brodie Hall Drive, Bentley WA 6102', lat: -32.004, lng: 115.895 },
  { address: '14 Queen Victoria Street, Fremantle WA 6160', lat: -32.0514, lng: 115.7511 },
];

export const FIRST_NAMES: readonly string[] = [
  'Oliver',
  'Charlotte',
  'Jack',
  'Olivia',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Thomas',
  'Mia',
  'James',
  'Ava',
  'Lachlan',
  'Grace',
  'Henry',
  'Chloe',
  'Lucas',
  'Sophie',
  'Ethan',
  'Emily',
  'Liam',
  'Ruby',
  'Mason',
  'Zoe',
  'Cooper',
  'Matilda',
  'Harrison',
  'Sienna',
  'Riley',
  'Georgia',
  'Joshua',
  'Hannah',
  'Benjamin',
  'Jessica',
  'Samuel',
  'Emma',
  'Daniel',
  'Sarah',
  'Matthew',
  'Rebecca',
  'Ryan',
  'Laura',
  'Nathan',
  'Kate',
  'Mitchell',
  'Megan',
  'Brendan',
  'Kylie',
  'Craig',
  'Tanya',
  'Darren',
  'Michelle',
  'Priya',
  'Rajesh',
  'Wei',
  'Mei',
  'Hamish',
  'Bridget',
  'Angus',
  'Fiona',
  'Aiden',
  'Leah',
  'Connor',
  'Tahlia',
];

export const LAST_NAMES: readonly string[] = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Thomas',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davis',
  'Wright',
  'Evans',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'Phillips',
  'Mitchell',
  'Turner',
  'Murphy',
  "O'Brien",
  'Campbell',
  'Stewart',
  'Baker',
  'Cooper',
  'Morris',
  'Hughes',
  'Edwards',
  'Scott',
  'McDonald',
  'Young',
  'Collins',
  'Bennett',
  'Chen',
  'Wang',
  'Tran',
  'Singh',
  'Russo',
  'Papadopoulos',
  'Sullivan',
  'Fraser',
  'Morgan',
  'Gallagher',
  'Marshall',
];

export const EMAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'icloud.com',
  'bigpond.com',
  'yahoo.com.au',
  'iinet.net.au',
  'westnet.com.au',
  'optusnet.com.au',
];

/** A customer with this note gets child seats on most bookings. */
export const FAMILY_NOTE = 'Usually travels with two children, needs child seats';

export const CUSTOMER_NOTES: readonly string[] = [
  'Prefers quiet ride',
  'Corporate client – invoice monthly',
  'Regular airport transfers',
  'Needs help with luggage',
  'Uses a wheelchair – folds into the boot',
  'Travels with an assistance dog',
  'Call on arrival, do not knock',
  'Prefers the air conditioning low',
  'VIP – bottled water please',
  'Often changes flights – check the flight status before dispatch',
  FAMILY_NOTE,
  'Pays by card in the car',
];

export const CORPORATE_NOTE = 'Corporate client – invoice monthly';

export type SavedAddressLabel =
  'Home' | 'Work' | 'Airport' | 'Gym' | 'Parents' | 'Golf Club' | 'Physio';

export const SAVED_ADDRESS_LABELS: readonly SavedAddressLabel[] = [
  'Home',
  'Work',
  'Airport',
  'Gym',
  'Parents',
  'Golf Club',
  'Physio',
];

export type VehicleModel = { type: VehicleType; make: string; model: string; seats: number };

export const VEHICLE_MODELS: Readonly<Record<VehicleType, readonly VehicleModel[]>> = {
  'Standard HUG': [
    { type: 'Standard HUG', make: 'Toyota', model: 'Camry Hybrid', seats: 4 },
    { type: 'Standard HUG', make: 'Toyota', model: 'Camry Ascent Sport Hybrid', seats: 4 },
    { type: 'Standard HUG', make: 'Hyundai', model: 'Ioniq Hybrid', seats: 4 },
  ],
  'Multivan 6': [
    { type: 'Multivan 6', make: 'Volkswagen', model: 'Multivan', seats: 6 },
    { type: 'Multivan 6', make: 'Volkswagen', model: 'Multivan Highline', seats: 6 },
  ],
  'Imax 7': [
    { type: 'Imax 7', make: 'Hyundai', model: 'iMax', seats: 7 },
    { type: 'Imax 7', make: 'Hyundai', model: 'Staria', seats: 7 },
  ],
};

export const VEHICLE_COLOURS: readonly string[] = [
  'Silver',
  'White',
  'Black',
  'Graphite',
  'Dark Blue',
];

export const DRIVER_AREAS: readonly string[] = [
  'Perth CBD',
  'Airport',
  'Northern Suburbs',
  'Southern Suburbs',
  'Eastern Suburbs',
  'Fremantle & Western Suburbs',
];

/** Flight prefixes by terminal: T1 international and Virgin, T2 regional, T3/T4 Qantas and Jetstar. */
export const AIRLINES_BY_TERMINAL: Readonly<Record<string, readonly string[]>> = {
  'Perth Airport Terminal 1 (T1)': ['VA', 'SQ', 'EK', 'QR', 'MH', 'NZ', 'CX'],
  'Perth Airport Terminal 2 (T2)': ['VA', 'QQ'],
  'Perth Airport Terminal 3 (T3)': ['JQ', 'QF'],
  'Perth Airport Terminal 4 (T4)': ['QF'],
};

export const GENERAL_BOOKING_NOTES: readonly string[] = [
  'Call on arrival',
  'Pickup from the hotel lobby',
  'Golf clubs in the boot',
  'Please bring an umbrella',
  'Passenger uses a walking frame',
  'Return trip to be booked later',
  'Wait at the main entrance',
  'Quiet ride please',
];

export const CHILD_SEAT_NOTE = 'Child seat required';

export const SHUTTLE_PURPOSES: readonly string[] = [
  'Wedding guests to the reception',
  'Conference delegates',
  'Team offsite',
  'Swan Valley wine tour',
  'Hens party',
  'School sports group',
];
