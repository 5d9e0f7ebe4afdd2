import crypto from 'node:crypto';

// A place's proof: our signature on the address text and coordinates our
// own place service gave (GET /api/places/:id). An online booking is priced
// on its points, so a visitor who sent their own points with another place's
// name could book Airport to Mandurah at the minimum fare (an attacker's-eyes
// tester did, decision 210). The web carries the proof back with the place;
// the online booking route refuses a point without its proof.

export type ProvablePlace = { address: string; lat: number; lng: number };

export type PlaceProofs = {
  sign(place: ProvablePlace): string;
  /** Whether `proof` is our signature on exactly this text and these coordinates. */
  verify(place: ProvablePlace, proof: string | undefined): boolean;
};

/** 22 base64url characters: 132 bits of an HMAC-SHA256. */
const PROOF_LENGTH = 22;

export function createPlaceProofs(secret: string): PlaceProofs {
  // A key of its own, derived from the app's secret: a proof is no session token.
  const key = crypto.createHmac('sha256', secret).update('place-proof').digest();
  const sign = ({ address, lat, lng }: ProvablePlace) =>
    crypto
      .createHmac('sha256', key)
      .update(`${address}\n${lat}\n${lng}`)
      .digest('base64url')
      .slice(0, PROOF_LENGTH);
  return {
    sign,
    verify(place, proof) {
      if (typeof proof !== 'string' || proof.length !== PROOF_LENGTH) return false;
      return crypto.timingSafeEqual(Buffer.from(sign(place)), Buffer.from(proof));
    },
  };
}
