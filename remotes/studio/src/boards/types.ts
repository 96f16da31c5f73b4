import type { components } from '@app/api-client';

/** One of the user's boards, as `GET /api/boards` lists it. */
export type Board = components['schemas']['Board'];
