import type { ApiModule } from '../module.ts';
import { systemHandlers } from './routes.ts';

export const systemModule: ApiModule = { name: 'system', handlers: systemHandlers };
