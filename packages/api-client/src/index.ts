export { api } from './client.ts';
export type { components, operations, paths } from './generated/schema.d.ts';
export { fetchGet, type GetData, swrDefaults, unwrap, useApi, useInvalidate } from './hooks.ts';
export { type LiveEvent, liveChannel } from './live/liveChannel.ts';
export { useLiveStatus, useLiveUpdates, usePollingFallback } from './live/useLiveUpdates.ts';
export { ApiError, type Problem, toFieldErrors, toMessage, toProblem } from './problem.ts';
