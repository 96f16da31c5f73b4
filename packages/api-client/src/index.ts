export { api } from './client.ts';
export type { components, operations, paths } from './generated/schema.d.ts';
export { type IntentKeys, intentKeys } from './intentKeys.ts';
export { type LiveEvent, liveChannel } from './live/liveChannel.ts';
export { useLiveStatus, useLiveUpdates, usePollingFallback } from './live/useLiveUpdates.ts';
export { type MutationOptions, request, useMutation } from './mutation.ts';
export { ApiError, type Problem, toFieldErrors, toMessage, toProblem } from './problem.ts';
export { type GetData, swrDefaults, useInvalidate, useQuery } from './query.ts';
export { useSubmitOnce } from './submitOnce.ts';
