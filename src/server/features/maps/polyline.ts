/**
 * Decodes Google's Encoded Polyline Algorithm Format into [lat, lng] points.
 * Each value is a zigzag-encoded delta from the previous one, scaled by 10^precision,
 * split into 5-bit chunks (low first), each chunk offset by 63 and flagged with 0x20
 * while more chunks follow.
 */
export function decodePolyline(encoded: string, precision = 5): [number, number][] {
  const factor = 10 ** precision;
  const points: [number, number][] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;

  const readValue = (): number => {
    let result = 0;
    let shift = 0;
    let chunk: number;
    do {
      if (index >= encoded.length) throw new Error('Truncated polyline');
      chunk = encoded.charCodeAt(index++) - 63;
      if (chunk < 0 || chunk > 63) throw new Error('Invalid polyline character');
      // Multiplication instead of << keeps precision past 31 bits.
      result += (chunk & 0x1f) * 2 ** shift;
      shift += 5;
    } while (chunk >= 0x20);
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2;
  };

  while (index < encoded.length) {
    lat += readValue();
    lng += readValue();
    points.push([lat / factor, lng / factor]);
  }
  return points;
}
