import { describe, expect, it } from 'vitest';
import { compactLocalities, toTitleCase, type RawPostcodeRecord } from './gazetteer';

const record = (overrides: Partial<RawPostcodeRecord>): RawPostcodeRecord => ({
  locality: 'FREMANTLE',
  state: 'WA',
  postcode: '6160',
  lat: -32.054065,
  long: 115.754545,
  Lat_precise: -32.0539328,
  Long_precise: 115.7604781,
  type: 'Delivery Area',
  ...overrides,
});

describe('compactLocalities', () => {
  it('keeps the delivery area and drops the PO box record of the same locality', () => {
    const localities = compactLocalities([
      record({ postcode: '6959', type: 'Post Office Boxes' }),
      record({}),
    ]);
    expect(localities).toEqual([
      {
        id: 'loc:wa:6160:fremantle',
        name: 'Fremantle',
        state: 'WA',
        postcode: '6160',
        lat: -32.0539328,
        lng: 115.7604781,
        label: 'Fremantle WA 6160, Australia',
        key: 'fremantle wa 6160',
      },
    ]);
  });

  it('skips PO boxes, large-volume receivers and postal facilities altogether', () => {
    const localities = compactLocalities([
      record({ locality: 'PERTH', postcode: '6001', type: 'Post Office Boxes' }),
      record({ locality: 'PERTH', postcode: '6809', type: 'LVR' }),
      record({ locality: 'PERTH BC', postcode: '6849', type: '' }),
      record({ locality: 'NEDLANDS DC', postcode: '6009', type: '' }),
    ]);
    expect(localities).toEqual([]);
  });

  it('keeps a blank-typed locality when it has no delivery area record', () => {
    const [locality] = compactLocalities([
      record({ locality: 'O’CONNOR', postcode: '6163', type: '' }),
    ]);
    expect(locality?.label).toBe('O’Connor WA 6163, Australia');
    expect(locality?.id).toBe('loc:wa:6163:oconnor');
  });

  it('keeps namesakes in one state that are far apart, and merges neighbouring ones', () => {
    const localities = compactLocalities([
      record({
        locality: 'THE ROCKS',
        state: 'NSW',
        postcode: '2000',
        Lat_precise: -33.8599,
        Long_precise: 151.2087,
      }),
      record({
        locality: 'THE ROCKS',
        state: 'NSW',
        postcode: '2795',
        Lat_precise: -33.2651,
        Long_precise: 149.1084,
      }),
      record({ locality: 'CLIFTON', postcode: '6211', Lat_precise: -32.75, Long_precise: 115.71 }),
      record({ locality: 'CLIFTON', postcode: '6210', Lat_precise: -32.76, Long_precise: 115.72 }),
    ]);
    expect(localities.map((locality) => locality.id).sort()).toEqual([
      'loc:nsw:2000:the-rocks',
      'loc:nsw:2795:the-rocks',
      'loc:wa:6210:clifton',
    ]);
  });

  it('falls back to the plain coordinates and skips records with none', () => {
    const localities = compactLocalities([
      record({
        locality: 'MICKET CREEK',
        state: 'NT',
        postcode: '0822',
        Lat_precise: 0,
        Long_precise: 0,
        lat: -12.6,
        long: 131.2,
      }),
      record({ locality: 'NOWHERE', lat: 0, long: 0, Lat_precise: 0, Long_precise: 0 }),
    ]);
    expect(localities).toHaveLength(1);
    expect(localities[0]).toMatchObject({ name: 'Micket Creek', lat: -12.6, lng: 131.2 });
  });
});

describe('toTitleCase', () => {
  it('capitalises each word, including after hyphens, brackets and O’ / Mc', () => {
    expect(toTitleCase('MOUNT LAWLEY')).toBe('Mount Lawley');
    expect(toTitleCase('BRIGHTON-LE-SANDS')).toBe('Brighton-Le-Sands');
    expect(toTitleCase('ERNABELLA (PUKATJA)')).toBe('Ernabella (Pukatja)');
    expect(toTitleCase('O’CONNOR')).toBe('O’Connor');
    expect(toTitleCase('MCLAREN VALE')).toBe('McLaren Vale');
  });
});
