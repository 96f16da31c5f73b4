import { z } from './zod.ts';

/** One field-level problem: an RFC 6901 JSON pointer into the request and what is wrong there. */
export const FieldError = z
  .object({
    pointer: z
      .string()
      .describe('JSON pointer to the offending input, prefixed by its location: `/body/username`, `/query/page`.')
      .openapi({ example: '/body/username' }),
    detail: z.string().describe('Human-readable message for this field.').openapi({ example: 'Username must be at least 3 characters' }),
  })
  .openapi('FieldError', { description: 'A validation problem on one input field.' });
export type FieldError = z.infer<typeof FieldError>;

/** RFC 9457 problem details, the body of every 4xx and 5xx answer. */
export const Problem = z
  .object({
    type: z
      .string()
      .describe('Stable absolute URI naming the kind of problem; it opens a page saying what it means and what to do.')
      .openapi({ example: 'https://studio.example.com/problems/validation-failed' }),
    title: z.string().describe('Short summary of the kind of problem.').openapi({ example: 'Validation failed' }),
    status: z.number().int().describe('HTTP status code.').openapi({ example: 400 }),
    detail: z
      .string()
      .optional()
      .describe('What went wrong in this occurrence, in a sentence a person can act on (field reasons included).')
      .openapi({ example: 'Invalid request body. prompt: Required.' }),
    message: z
      .string()
      .describe('The same sentence as `detail` (or the title): what HTTP clients and n8n display.')
      .openapi({ example: 'Invalid request body. prompt: Required.' }),
    instance: z.string().optional().describe('The request id of this occurrence, for support.').openapi({ example: 'req_3f2a9c' }),
    code: z.string().describe('Stable machine-readable code.').openapi({ example: 'validation_failed' }),
    retryable: z.boolean().describe('Whether repeating the same request later may succeed.').openapi({ example: false }),
    errors: z.array(FieldError).optional().describe('Field-level problems, for validation failures.'),
  })
  .openapi('Problem', { description: 'An RFC 9457 problem details object.' });
export type Problem = z.infer<typeof Problem>;

export const Id = z.uuid().describe('Identifier (UUID).').openapi({ example: '0b9a4a4e-6c1f-4d55-9d7e-3c1f1f3c2a10' });

export const IdParams = z.object({ id: Id }).openapi('IdParams');

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number.').openapi({ example: 1 }),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page (1 to 100).').openapi({ example: 20 }),
});

export const MessageResponse = z
  .object({ message: z.string().describe('What happened.').openapi({ example: 'Done' }) })
  .openapi('MessageResponse');

export const Timestamp = z.iso.datetime().describe('ISO 8601 timestamp (UTC).').openapi({ example: '2026-11-21T10:00:00.000Z' });
