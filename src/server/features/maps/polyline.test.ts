import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePolyline } from './polyline';

// The reference encoder from Google's format description, for round trips only.
function encodePolyline(points: [number, number][]): string {
  const encodeValue = (value: number) => {
    let bits = value < 0 ? ~(value << 1) : value << 1;
    let out = '';
    while (bits >= 0x20) {
      out += String.fromCharCode((0x20 | (bits & 0x1f)) + 63);
      bits >>= 5;
    }
    return out + String.fromCharCode(bits + 63);
  };
  let previousLat = 0;
  let previousLng = 0;
  return points
    .map(([lat, lng]) => {
      const latE5 = Math.round(lat * 1e5);
      const lngE5 = Math.round(lng * 1e5);
      const chunk = encodeValue(latE5 - previousLat) + encodeValue(lngE5 - previousLng);
      previousLat = latE5;
      previousLng = lngE5;
      return chunk;
    })
    .join('');
}

describe('decodePolyline', () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ]);
  });

  it('decodes an empty string to no points', () => {
    expect(decodePolyline('')).toEqual([]);
  });

  it('round-trips any points at five-decimal precision', () => {
    const coordinate = (limit: number) =>
      fc.integer({ min: -limit * 1e5, max: limit * 1e5 }).map((value) => value / 1e5);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coordinate(90), coordinate(180)), { maxLength: 30 }),
        (points) => {
          const decoded = decodePolyline(encodePolyline(points as [number, number][]));
          expect(decoded).toHaveLength(points.length);
          decoded.forEach(([lat, lng], index) => {
            expect(lat).toBeCloseTo(points[index]![0], 5);
            expect(lng).toBeCloseTo(points[index]![1], 5);
          });
        },
      ),
    );
  });

  it('throws on a truncated polyline instead of inventing a point', () => {
    expect(() => decodePolyline('_p~iF~ps|U_ulL')).toThrow();
  });
});
