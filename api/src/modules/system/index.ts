import type { ApiModule } from '../module.ts';
import { systemHandlers, systemMemoryHandlers } from './routes.ts';

export const systemModule: ApiModule = { name: 'system', handlers: systemHandlers, memoryHandlers: systemMemoryHandlers };
