import { findDates } from './dates';
import { findFlightNumberAt } from './flight-number';
import { TITLES } from './name';
import { findPhoneAt } from './phone';
import { isStreetTypeAt } from './street-number';
import { findTimes } from './times';

// 'Crown Towers, Mr John Smith': a person's title ends the place. 'Sir' does
// not: Perth names places after knights ('Sir Charles Gairdner Hospital',
// 'Sir James Mitchell Park').
const PERSON = new RegExp(String.raw`(?<=[\s,;(])(?![Ss]ir\b)${TITLES}[ \t]+\p{Lu}`, 'gu');
// Another field's label: after a separator in any case ('..., Name: Li Wei',
// '..., flight QF 10'), after a space only in lower case ('... name Li Wei').
const LABEL_AFTER_SEPARATOR =
  /[,;|/][ \t]*(?:(?:passenger|guest|contact)[ \t]+)?(?:name|phone|mobile|mob|cell|tel|ph|e-?mail|contact|date|time|pax|passengers|flight|luggage|bags|vehicle|notes?)\b/i;
const LABEL_AFTER_SPACE = /[ \t](?:name|phone|mobile|mob|tel|e-?mail|contact|flight)\b/;
// The flight: '45 Hay St Subiaco, landing JQ 575', 'Perth Airport T1 QF 10'.
const FLIGHT_WORD = /[ \t,]+(?:arriv(?:ing|es)|land(?:ing|s)|depart(?:ing|s)|flying)\b/i;
const COURTESY = /[ \t,]+(?:please|pls|plz|thanks|thank[ \t]+you|thx|cheers)\b/i;
const COUNT =
  /,?[ \t]*\b\d{1,2}[ \t]*(?:pax|passengers?|people|adults?|guests|bags?|suitcases?)\b/i;
const EMAIL = /[\w.+-]+@[\w-]+\.\w/;
// What a place's words left before the field that ended it: 'Joondalup
// station at' (06:00), 'Crown Towers for' (Mr Lee).
const DANGLING = /[\s,;:(&–-]+$|(?<=\s)(?:at|on|for|with|by|and|from|to|around|about|before)$/i;

function withoutDangling(text: string): string {
  const rest = text.replace(DANGLING, '');
  return rest === text ? rest : withoutDangling(rest);
}

/**
 * A place read from free text, up to where the next field begins: a date or
 * a time, a phone number, a person with a title, another field's label, a
 * flight, a head count, an email, or a 'please' or 'thanks'. 'Perth Airport T1, name
 * Li Wei 0412 345 678' is the airport; 'Unit 4/55 Mounts Bay Road Crawley
 * 3/12 at 9am' ends before the date. What starts the place is its own
 * ('Sir Charles Gairdner Hospital', 'Dr Smith's surgery'), as is the 'Dr' of
 * a street ('7 Ocean Dr Cottesloe').
 */
export function endPlaceAtNextField(value: string): string {
  const dates = findDates(value);
  const persons = [...value.matchAll(PERSON)].filter(
    (match) => !isStreetTypeAt(value, match.index),
  );
  const starts = [
    dates.find((date) => date.index > 0)?.index,
    findTimes(value, dates).find((time) => time.index > 0)?.index,
    findPhoneAt(value)?.index,
    persons[0]?.index,
    LABEL_AFTER_SEPARATOR.exec(value)?.index,
    LABEL_AFTER_SPACE.exec(value)?.index,
    FLIGHT_WORD.exec(value)?.index,
    findFlightNumberAt(value)?.index,
    COURTESY.exec(value)?.index,
    COUNT.exec(value)?.index,
    EMAIL.exec(value)?.index,
  ].filter((index): index is number => index !== undefined && index > 0);
  if (starts.length === 0) return value;
  return withoutDangling(value.slice(0, Math.min(...starts)));
}
