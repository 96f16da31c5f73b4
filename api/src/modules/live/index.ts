import type { ApiModule } from '../module.ts';
import { liveHandlers } from './routes.ts';

export { heardWrites } from './heard-writes.ts';
export { LiveHub } from './hub.ts';
export type { TaskChange } from './task-events.ts';

/** Live updates: `GET /api/events`, fed by the database's own notifications (see README.md). */
export const liveModule: ApiModule = { name: 'live', handlers: liveHandlers };
