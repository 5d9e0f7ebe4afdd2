import {
  MAX_QUOTE_DISTANCE_METERS,
  MAX_QUOTE_DURATION_SECONDS,
  type QuoteLimit,
} from '../../../../domain/fares/quote-limits';
import { typedPhoneForDisplay } from '../../../../domain/customers/phone-display';
import type { BusinessSettings } from '../../../../domain/settings/business';
import { errorMessage, isApiError } from '../../../lib/api-client';

/** Why a planned route shows no fare, and whether asking again could help. */
export type QuoteProblem = { message: string; canRetry: boolean };

type Contact = Pick<BusinessSettings, 'name' | 'phone' | 'email'> | undefined;

const WHOLE = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });

const LIMIT_WORDS: Record<QuoteLimit, string> = {
  distance: `is over ${WHOLE.format(MAX_QUOTE_DISTANCE_METERS / 1000)} km`,
  duration: `takes over ${WHOLE.format(MAX_QUOTE_DURATION_SECONDS / 3600)} hours to drive`,
};

/** 'Please call Perth Chauffeur Ops on (08) 9000 0000 to arrange it.' */
function askTheBusiness(business: Contact): string {
  if (!business) return 'Please contact us to arrange it.';
  if (business.phone) {
    return `Please call ${business.name} on ${typedPhoneForDisplay(business.phone)} to arrange it.`;
  }
  if (business.email) return `Please email ${business.name} at ${business.email} to arrange it.`;
  return `Please contact ${business.name} to arrange it.`;
}

/** A route past the quote limits: no quote is asked for (the server would refuse it). */
export function tooLongProblem(limit: QuoteLimit, business: Contact): QuoteProblem {
  return {
    message: `This trip ${LIMIT_WORDS[limit]}, too long to price online. ${askTheBusiness(business)}`,
    canRetry: false,
  };
}

/**
 * A quote request that failed. A 400 names a request field ('distanceMeters:
 * must be at most ...'), which means nothing to a visitor and will not change
 * on a second try; anything else (unreachable, busy) may pass.
 */
export function quoteErrorProblem(error: unknown, business: Contact): QuoteProblem {
  if (isApiError(error) && error.status === 400) {
    return {
      message: `This trip could not be priced online. ${askTheBusiness(business)}`,
      canRetry: false,
    };
  }
  return { message: errorMessage(error), canRetry: true };
}
