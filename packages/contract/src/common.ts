import { COUNT_MAX, INT32, LIMITS } from './constants.ts';
import { z } from './zod.ts';

/** Limits of a problem body; the server cuts longer texts and lists (api/src/errors.ts). */
export const PROBLEM_LIMITS = { text: 2000, fieldText: 500, pointer: 1000, errors: 100 } as const;

/** One field-level problem: an RFC 6901 JSON pointer into the request and what is wrong there. */
export const FieldError = z
  .object({
    pointer: z
      .string()
      .max(PROBLEM_LIMITS.pointer)
      .describe('JSON pointer to the offending input, prefixed by its location: `/body/username`, `/query/page`.')
      .openapi({ example: '/body/username' }),
    detail: z
      .string()
      .max(PROBLEM_LIMITS.fieldText)
      .describe('Human-readable message for this field.')
      .openapi({ example: 'Username must be at least 3 characters' }),
  })
  .openapi('FieldError', { description: 'A validation problem on one input field.' });
export type FieldError = z.infer<typeof FieldError>;

/** RFC 9457 problem details, the body of every 4xx and 5xx answer. */
export const Problem = z
  .object({
    type: z
      .string()
      .max(2048)
      .describe('Stable absolute URI naming the kind of problem; it opens a page saying what it means and what to do.')
      .openapi({ example: 'https://studio.example.com/problems/validation-failed' }),
    title: z.string().max(200).describe('Short summary of the kind of problem.').openapi({ example: 'Validation failed' }),
    status: z.number().int().min(400).max(599).describe('HTTP status code.').openapi({ example: 400 }),
    detail: z
      .string()
      .max(PROBLEM_LIMITS.text)
      .optional()
      .describe('What went wrong in this occurrence, in a sentence a person can act on (field reasons included).')
      .openapi({ example: 'Invalid request body. prompt: Required.' }),
    message: z
      .string()
      .max(PROBLEM_LIMITS.text)
      .describe('The same sentence as `detail` (or the title): what HTTP clients and n8n display.')
      .openapi({ example: 'Invalid request body. prompt: Required.' }),
    instance: z.string().max(128).optional().describe('The request id of this occurrence, for support.').openapi({ example: 'req_3f2a9c' }),
    code: z.string().max(100).describe('Stable machine-readable code.').openapi({ example: 'validation_failed' }),
    retryable: z.boolean().describe('Whether repeating the same request later may succeed.').openapi({ example: false }),
    errors: z
      .array(FieldError)
      .max(PROBLEM_LIMITS.errors)
      .optional()
      .describe(`Field-level problems, for validation failures (the first ${PROBLEM_LIMITS.errors}).`),
  })
  .openapi('Problem', { description: 'An RFC 9457 problem details object.' });
export type Problem = z.infer<typeof Problem>;

// A UUID is 36 characters by its format; the length is stated for tools that only read maxLength.
export const Id = z.uuid().describe('Identifier (UUID).').openapi({ example: '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10', maxLength: 36 });

export const IdParams = z.object({ id: Id }).openapi('IdParams');

/** `?page=`: 1-based, bounded so an offset never overflows. */
export const PageNumber = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pageMax)
  .default(1)
  .describe(`1-based page number (at most ${LIMITS.pageMax}).`)
  .openapi({ example: 1 });

export const PageQuery = z.object({
  page: PageNumber,
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page (1 to 100).').openapi({ example: 20 }),
});

/** How many rows match (a database count). */
export const Count = (description: string, example: number) =>
  z.number().int().min(0).max(COUNT_MAX).describe(description).openapi({ example });

/** A short sentence saying what happened, for a toast. */
export const Message = (example: string, description = 'What happened.') => z.string().max(500).describe(description).openapi({ example });

export const MessageResponse = z.object({ message: Message('Done') }).openapi('MessageResponse');

/** A user's balance: never below 0 (spends and clawbacks are refused or clamped), stored as an integer. */
export const Balance = (description: string, example: number) =>
  z.number().int().min(0).max(INT32.max).describe(description).openapi({ example });

/** Credits one task costs: a price of the admin settings (at most 1000), or 0. */
export const TaskCredits = (description: string, example: number) =>
  z.number().int().min(0).max(LIMITS.costMax).describe(description).openapi({ example });

/** Credits charged for one request: up to `LIMITS.maxImagesPerRequest` tasks. */
export const RequestCredits = (description: string, example: number) =>
  z
    .number()
    .int()
    .min(0)
    .max(LIMITS.costMax * LIMITS.maxImagesPerRequest)
    .describe(description)
    .openapi({ example });

/** An http(s) address of ours (a stored file) or a provider's, as answered. */
export const UrlText = z.string().max(LIMITS.urlMax);

// `Date.toISOString()` is 24 characters (27 for far-off years).
export const Timestamp = z.iso.datetime().max(30).describe('ISO 8601 timestamp (UTC).').openapi({ example: '2026-11-21T10:00:00.000Z' });
