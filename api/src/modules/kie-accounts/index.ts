import type { ApiModule } from '../module.ts';
import { KieApi } from './kie-api.entity.ts';

export { KieApi } from './kie-api.entity.ts';
export { KieApiRepository } from './kie-api.repository.ts';

/** Upstream image-provider accounts (KIE). The admin pages use the repository; the studio rotates over it. */
export const providersModule: ApiModule = { name: 'providers', entities: [KieApi] };
