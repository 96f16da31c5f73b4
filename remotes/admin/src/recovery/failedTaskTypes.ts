import type { components } from '@app/api-client';

export type FailedTask = components['schemas']['FailedTask'];
