import { z } from 'zod';

/**
 * What a field needs, in the product's words, for every check a schema does not word itself:
 * zod's own messages ("Invalid input: expected string, received undefined") would otherwise reach
 * API clients and forms. A message a schema gives (`.max(200, 'At most 200 characters')`) wins.
 */
const KIND: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT: Record<string, string> = {
  email: 'a valid email address',
  uuid: 'a valid id',
  url: 'a valid web address (https://...)',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  regex: 'text in the expected form',
};

const units = (origin: string | undefined, n: number | bigint) =>
  origin === 'string' ? `${n} character${n === 1 ? '' : 's'}` : origin === 'array' || origin === 'set' ? `${n} item${n === 1 ? '' : 's'}` : `${n}`;

export function fieldMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'This field is required.';
      const kind = KIND[issue.expected] ?? issue.expected;
      return `Must be ${kind}.`;
    }
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'This field is required.';
      return `At least ${units(issue.origin, issue.minimum)}.`;
    case 'too_big':
      return `At most ${units(issue.origin, issue.maximum)}.`;
    case 'invalid_format':
      return `Must be ${FORMAT[issue.format] ?? 'in the expected form'}.`;
    case 'invalid_value':
      return issue.values.length <= 12 ? `Must be one of: ${issue.values.map(String).join(', ')}.` : 'Must be one of the accepted values.';
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return 'Not in an accepted form.';
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    default:
      return undefined;
  }
}

/**
 * Installs fieldMessage as zod's message for every schema of this process: the server calls it once
 * at start (server/http/app.ts). The web shell does not import it, to keep zod out of its initial JS.
 */
export function installFieldMessages(): void {
  z.config({ customError: fieldMessage });
}
