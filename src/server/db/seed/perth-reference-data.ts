import type { LatLng } from '../../../domain/geo';
import type { VehicleType } from '../../../domain/vehicles';

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

/** Where chauffeured trips start and end, besides homes. `weight` is how often. */
export const PERTH_PLACES: readonly Place[] = [
  { name: 'Perth Airport T1', address: 'Perth Airport T1, Airport Dr, Perth Airport WA 6105', kind: 'airport', weight: 14, lat: -31.9404, lng: 115.9668 },
  { name: 'Perth Airport T2', address: 'Perth Airport T2, Airport Dr, Perth Airport WA 6105', kind: 'airport', weight: 4, lat: -31.9428, lng: 115.9707 },
  { name: 'Perth Airport T3', address: 'Perth Airport T3, Horrie Miller Dr, Perth Airport WA 6105', kind: 'airport', weight: 10, lat: -31.9289, lng: 115.9531 },
  { name: 'Perth Airport T4', address: 'Perth Airport T4, Horrie Miller Dr, Perth Airport WA 6105', kind: 'airport', weight: 10, lat: -31.9275, lng: 115.9517 },
  { name: 'The Ritz-Carlton, Perth', address: 'The Ritz-Carlton, 1 Barrack St, Perth WA 6000', kind: 'hotel', weight: 3, lat: -31.9582, lng: 115.8588 },
  { name: 'COMO The Treasury', address: 'COMO The Treasury, 1 Cathedral Ave, Perth WA 6000', kind: 'hotel', weight: 2, lat: -31.9559, lng: 115.8605 },
  { name: 'Hyatt Regency Perth', address: 'Hyatt Regency Perth, 99 Adelaide Tce, Perth WA 6000', kind: 'hotel', weight: 3, lat: -31.9592, lng: 115.8697 },
  { name: 'Pan Pacific Perth', address: 'Pan Pacific Perth, 207 Adelaide Tce, Perth WA 6000', kind: 'hotel', weight: 3, lat: -31.9604, lng: 115.8723 },
  { name: 'Parmelia Hilton Perth', address: 'Parmelia Hilton Perth, 14 Mill St, Perth WA 6000', kind: 'hotel', weight: 2, lat: -31.9561, lng: 115.8539 },
  { name: 'The Westin Perth', address: 'The Westin Perth, 480 Hay St, Perth WA 6000', kind: 'hotel', weight: 2, lat: -31.9562, lng: 115.8641 },
  { name: 'InterContinental Perth City Centre', address: 'InterContinental Perth City Centre, 815 Hay St, Perth WA 6000', kind: 'hotel', weight: 2, lat: -31.9533, lng: 115.8548 },
  { name: 'Crown Towers Perth', address: 'Crown Towers Perth, Great Eastern Hwy, Burswood WA 6100', kind: 'hotel', weight: 3, lat: -31.9578, lng: 115.8918 },
  { name: 'Esplanade Hotel Fremantle', address: 'Esplanade Hotel Fremantle, 46-54 Marine Tce, Fremantle WA 6160', kind: 'hotel', weight: 2, lat: -32.0568, lng: 115.7446 },
  { name: 'Fiona Stanley Hospital', address: 'Fiona Stanley Hospital, 11 Robin Warren Dr, Murdoch WA 6150', kind: 'hospital', weight: 2, lat: -32.0702, lng: 115.8456 },
  { name: 'Sir Charles Gairdner Hospital', address: 'Sir Charles Gairdner Hospital, Hospital Ave, Nedlands WA 6009', kind: 'hospital', weight: 2, lat: -31.9686, lng: 115.8163 },
  { name: 'Royal Perth Hospital', address: 'Royal Perth Hospital, 197 Wellington St, Perth WA 6000', kind: 'hospital', weight: 2, lat: -31.9541, lng: 115.8664 },
  { name: "Perth Children's Hospital", address: "Perth Children's Hospital, 15 Hospital Ave, Nedlands WA 6009", kind: 'hospital', weight: 1, lat: -31.9669, lng: 115.8148 },
  { name: 'St John of God Subiaco Hospital', address: 'St John of God Subiaco Hospital, 12 Salvado Rd, Subiaco WA 6008', kind: 'hospital', weight: 1, lat: -31.9467, lng: 115.8267 },
  { name: 'Hollywood Private Hospital', address: 'Hollywood Private Hospital, 115 Monash Ave, Nedlands WA 6009', kind: 'hospital', weight: 1, lat: -31.9669, lng: 115.8201 },
  { name: 'Optus Stadium', address: 'Optus Stadium, 333 Victoria Park Dr, Burswood WA 6100', kind: 'venue', weight: 3, lat: -31.9512, lng: 115.889 },
  { name: 'RAC Arena', address: 'RAC Arena, 700 Wellington St, Perth WA 6000', kind: 'venue', weight: 2, lat: -31.9483, lng: 115.8522 },
  { name: 'Perth Convention and Exhibition Centre', address: 'Perth Convention and Exhibition Centre, 21 Mounts Bay Rd, Perth WA 6000', kind: 'venue', weight: 3, lat: -31.96, lng: 115.855 },
  { name: 'His Majesty\'s Theatre', address: "His Majesty's Theatre, 825 Hay St, Perth WA 6000", kind: 'venue', weight: 1, lat: -31.9535, lng: 115.8551 },
  { name: 'University of Western Australia', address: 'University of Western Australia, 35 Stirling Hwy, Crawley WA 6009', kind: 'university', weight: 2, lat: -31.98, lng: 115.818 },
  { name: 'Curtin University', address: 'Curtin University, Kent St, Bentley WA 6102', kind: 'university', weight: 2, lat: -32.006, lng: 115.894 },
  { name: 'Murdoch University', address: 'Murdoch University, 90 South St, Murdoch WA 6150', kind: 'university', weight: 1, lat: -32.067, lng: 115.835 },
  { name: 'Edith Cowan University Joondalup', address: 'Edith Cowan University, 270 Joondalup Dr, Joondalup WA 6027', kind: 'university', weight: 1, lat: -31.752, lng: 115.772 },
  { name: 'B Shed Ferry Terminal', address: 'B Shed Ferry Terminal, Victoria Quay, Fremantle WA 6160', kind: 'ferry', weight: 2, lat: -32.0537, lng: 115.7421 },
  { name: 'Hillarys Boat Harbour', address: 'Hillarys Boat Harbour, 86 Southside Dr, Hillarys WA 6025', kind: 'ferry', weight: 1, lat: -31.824, lng: 115.739 },
  { name: 'Barrack Street Jetty', address: 'Barrack Street Jetty, Barrack St, Perth WA 6000', kind: 'ferry', weight: 1, lat: -31.9595, lng: 115.8578 },
  { name: 'Perth Station', address: 'Perth Station, Wellington St, Perth WA 6000', kind: 'transport', weight: 1, lat: -31.951, lng: 115.86 },
  { name: 'East Perth Terminal', address: 'East Perth Terminal, West Pde, East Perth WA 6004', kind: 'transport', weight: 1, lat: -31.9503, lng: 115.8735 },
  { name: 'Fremantle Prison', address: 'Fremantle Prison, 1 The Terrace, Fremantle WA 6160', kind: 'leisure', weight: 1, lat: -32.055, lng: 115.753 },
  { name: 'Fremantle Markets', address: 'Fremantle Markets, South Tce, Fremantle WA 6160', kind: 'leisure', weight: 1, lat: -32.0565, lng: 115.7489 },
  { name: 'Cottesloe Beach', address: 'Cottesloe Beach, Marine Pde, Cottesloe WA 6011', kind: 'leisure', weight: 1, lat: -31.9955, lng: 115.7515 },
  { name: 'Kings Park', address: 'Kings Park, Fraser Ave, West Perth WA 6005', kind: 'leisure', weight: 1, lat: -31.9605, lng: 115.8455 },
  { name: 'Perth Zoo', address: 'Perth Zoo, 20 Labouchere Rd, South Perth WA 6151', kind: 'leisure', weight: 1, lat: -31.975, lng: 115.853 },
  { name: 'Sandalford Wines', address: 'Sandalford Wines, 3210 West Swan Rd, Caversham WA 6055', kind: 'leisure', weight: 1, lat: -31.857, lng: 115.983 },
  { name: 'Westfield Carousel', address: 'Westfield Carousel, 1382 Albany Hwy, Cannington WA 6107', kind: 'shopping', weight: 1, lat: -32.018, lng: 115.936 },
  { name: 'Karrinyup Shopping Centre', address: 'Karrinyup Shopping Centre, 200 Karrinyup Rd, Karrinyup WA 6018', kind: 'shopping', weight: 1, lat: -31.876, lng: 115.777 },
  { name: 'Lakeside Joondalup', address: 'Lakeside Joondalup, 420 Joondalup Dr, Joondalup WA 6027', kind: 'shopping', weight: 1, lat: -31.745, lng: 115.768 },
  { name: 'Royal Perth Golf Club', address: 'Royal Perth Golf Club, Labouchere Rd, South Perth WA 6151', kind: 'golf', weight: 1, lat: -31.982, lng: 115.856 },
  { name: 'Lake Karrinyup Country Club', address: 'Lake Karrinyup Country Club, Lakeside Ave, Karrinyup WA 6018', kind: 'golf', weight: 1, lat: -31.871, lng: 115.789 },
];

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
  'Oliver', 'Charlotte', 'Jack', 'Olivia', 'William', 'Amelia', 'Noah', 'Isla', 'Thomas', 'Mia',
  'James', 'Ava', 'Lachlan', 'Grace', 'Henry', 'Chloe', 'Lucas', 'Sophie', 'Ethan', 'Emily',
  'Liam', 'Ruby', 'Mason', 'Zoe', 'Cooper', 'Matilda', 'Harrison', 'Sienna', 'Riley', 'Georgia',
  'Joshua', 'Hannah', 'Benjamin', 'Jessica', 'Samuel', 'Emma', 'Daniel', 'Sarah', 'Matthew', 'Rebecca',
  'Ryan', 'Laura', 'Nathan', 'Kate', 'Mitchell', 'Megan', 'Brendan', 'Kylie', 'Craig', 'Tanya',
  'Darren', 'Michelle', 'Priya', 'Rajesh', 'Wei', 'Mei', 'Hamish', 'Bridget', 'Angus', 'Fiona',
  'Aiden', 'Leah', 'Connor', 'Tahlia',
];

export const LAST_NAMES: readonly string[] = [
  'Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Johnson', 'White', 'Martin', 'Anderson',
  'Thompson', 'Nguyen', 'Thomas', 'Walker', 'Harris', 'Lee', 'Ryan', 'Robinson', 'Kelly', 'King',
  'Davis', 'Wright', 'Evans', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel',
  'Khan', 'Lewis', 'Phillips', 'Mitchell', 'Turner', 'Murphy', "O'Brien", 'Campbell', 'Stewart', 'Baker',
  'Cooper', 'Morris', 'Hughes', 'Edwards', 'Scott', 'McDonald', 'Young', 'Collins', 'Bennett', 'Chen',
  'Wang', 'Tran', 'Singh', 'Russo', 'Papadopoulos', 'Sullivan', 'Fraser', 'Morgan', 'Gallagher', 'Marshall',
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
  'Usually travels with two children, needs child seats',
  'Pays by card in the car',
];

export const CORPORATE_NOTE = 'Corporate client – invoice monthly';

export type SavedAddressLabel = 'Home' | 'Work' | 'Airport' | 'Gym' | 'Parents' | 'Golf Club' | 'Physio';

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

export const VEHICLE_COLOURS: readonly string[] = ['Silver', 'White', 'Black', 'Graphite', 'Dark Blue'];

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
  'Perth Airport T1': ['VA', 'SQ', 'EK', 'QR', 'MH', 'NZ', 'CX'],
  'Perth Airport T2': ['VA', 'QQ'],
  'Perth Airport T3': ['JQ', 'QF'],
  'Perth Airport T4': ['QF'],
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
