// Not the format index: its date helpers would pull @date-fns/tz into the calculator.
import { dollarsToCents, formatAud } from '../../domain/format/money';

/** '$38.03' from the API's dollar amount 38.03, via exact cents. */
export function formatDollars(amount: number): string {
  return formatAud(dollarsToCents(amount));
}
