import { normalizeAuPhone } from '../../customers/phone';

// E.164 allows 15 digits; a UK '+44 (0)20 ...' adds its trunk 0 to them.
const MAX_INTERNATIONAL_DIGITS = 16;
// Without a '+' the number is read as Australian; longer digit runs are
// booking or card references.
const MAX_NATIONAL_DIGITS = 12;
const MIN_DIGITS = 8;

// Dialling out: '0086 ...' (most countries) or '0011 86 ...' (Australia) is
// '+86 ...'. No Australian number starts with 00, so none is read another way.
const DIALLING_OUT = /^(\(?)(?:0011|00)(?=[ \t]*[1-9])/;

// Perth's landlines are dialled there without their area code: 'Phone 9384
// 1234' is (08) 9384 1234. Eight bare digits are read so only after a phone
// word, as they may be a reference.
const LOCAL_NUMBER = /^[2-9]\d{3}[ \t-]?\d{4}$/;
const PHONE_WORD_BEFORE =
  /\b(?:phone|ph|tel|telephone|landline|home|office|call|contact|on)[ \t]*[:.#-]?[ \t]*$/i;
const PERTH_AREA_CODE = '08';

/**
 * The number written in `candidate`, in E.164. An international number
 * ('+86 138 0013 8000', '(+44) 20 ...') keeps its own country code. A count
 * written right after the number ('0412 345 678 2 pax') runs into it, so a
 * trailing group of one or two digits is dropped when the whole does not read.
 */
function readAsWritten(candidate: string): string | null {
  const maxDigits = /^\(?\+/.test(candidate) ? MAX_INTERNATIONAL_DIGITS : MAX_NATIONAL_DIGITS;
  const digits = candidate.replace(/\D/g, '').length;
  if (digits < MIN_DIGITS) return null;
  const phone = digits <= maxDigits ? normalizeAuPhone(candidate) : null;
  if (phone) return phone;
  const withoutCount = candidate.replace(/[ \t]+\d{1,2}$/, '');
  return withoutCount === candidate ? null : readAsWritten(withoutCount);
}

function readPhone(candidate: string): string | null {
  const international = DIALLING_OUT.test(candidate)
    ? readAsWritten(candidate.replace(DIALLING_OUT, '$1+'))
    : null;
  return international ?? readAsWritten(candidate);
}

/**
 * The parts of a run of digit groups that may be the number, longest first
 * from each start. A number starts the run or a group opening with 0 (its
 * trunk or dialling-out prefix), and ends the run or stops before such a
 * group: 'Room 1204 0412 345 678' holds the mobile, and '0412 345 678 0423
 * 987 654' two mobiles, the first taken.
 */
function candidates(run: string): { start: number; text: string }[] {
  const gaps = [...run.matchAll(/[ \t]+(?=\(?0)/g)].map((gap) => ({
    before: gap.index,
    after: gap.index + gap[0].length,
  }));
  const starts = [0, ...gaps.map((gap) => gap.after)];
  return starts.flatMap((start) => {
    const ends = gaps.filter((gap) => gap.before > start).map((gap) => gap.before);
    return [run.length, ...ends.reverse()].map((end) => ({ start, text: run.slice(start, end) }));
  });
}

// A count after the number is no part of it: '+86 138 0013 8000 2 pax'.
const COUNT_AFTER =
  /^[ \t]*(?:pax|passengers?|people|persons?|adults?|guests?|bags?|suitcases?)\b/i;

/** The phone number in `text`, in E.164, and where in the text it starts. */
export function findPhoneAt(text: string): { phone: string; index: number } | null {
  const runs = text.matchAll(/(?<![\w+(])(?:\(\+|\+|\()?\d[\d \t()-]{6,}\d(?!\d)/g);
  for (const match of runs) {
    const isCountAfter = COUNT_AFTER.test(text.slice(match.index + match[0].length));
    const run = isCountAfter ? match[0].replace(/[ \t]+\d{1,2}$/, '') : match[0];
    for (const candidate of candidates(run)) {
      const phone = readPhone(candidate.text);
      if (phone) return { phone, index: match.index + candidate.start };
    }
    if (LOCAL_NUMBER.test(run) && PHONE_WORD_BEFORE.test(text.slice(0, match.index))) {
      const phone = normalizeAuPhone(`${PERTH_AREA_CODE} ${run}`);
      if (phone) return { phone, index: match.index };
    }
  }
  return null;
}

export function findPhone(text: string): string | null {
  return findPhoneAt(text)?.phone ?? null;
}
