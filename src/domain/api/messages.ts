import { z } from 'zod';

// What a person reads when a value is refused. The server answers
// `field: message` and the web shows the message under the field, so each
// one is the end of a sentence that starts with the field's name
// ("notes: must be at most 1000 characters"). zod's own wording
// ("Too big: expected string to have <=1000 characters") is for programmers.
// Schemas that give their own message keep it.

type Issue = z.core.$ZodRawIssue;

const FORMATS: Record<string, string> = {
  email: 'must be an email address',
  uuid: 'is not a valid id',
  guid: 'is not a valid id',
  datetime: 'must be a date and time, like 2026-11-25T10:30:00+08:00',
  date: 'must be a date, like 2026-11-25',
  time: 'must be a time, like 10:30',
  url: 'must be a web address',
};

const TYPES: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  date: 'must be a date',
};

function count(value: number | bigint, one: string, many: string): string {
  return `${value} ${Number(value) === 1 ? one : many}`;
}

function sizeLimit(issue: Issue & { code: 'too_big' | 'too_small' }): string | undefined {
  const atMost = issue.code === 'too_big';
  const limit = atMost ? issue.maximum : issue.minimum;
  const bound = atMost
    ? issue.inclusive === false
      ? 'less than'
      : 'at most'
    : issue.inclusive === false
      ? 'more than'
      : 'at least';
  switch (issue.origin) {
    case 'string':
      if (!atMost && Number(limit) === 1) return 'is required';
      return `must be ${bound} ${count(limit, 'character', 'characters')}`;
    case 'number':
    case 'int':
    case 'bigint':
      return `must be ${bound} ${limit}`;
    case 'array':
    case 'set':
      if (!atMost && Number(limit) === 1) return 'needs at least one';
      return `must have ${bound} ${count(limit, 'item', 'items')}`;
    case 'file':
      return `must be ${bound} ${count(limit, 'byte', 'bytes')}`;
    default:
      return undefined;
  }
}

/** Our wording for zod's issues; undefined keeps zod's (or the schema's own). */
export function issueMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'too_big':
    case 'too_small':
      return sizeLimit(issue);
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return TYPES[issue.expected] ?? undefined;
    case 'invalid_value':
      return issue.values.length <= 8
        ? `must be one of: ${issue.values.map(String).join(', ')}`
        : 'is not one of the allowed values';
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'is not in the expected format';
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not know: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'is not valid';
    default:
      return undefined;
  }
}

z.config({ customError: issueMessage });
