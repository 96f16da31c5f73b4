import type { ApiModule } from '../module.ts';
import { ApiToken } from './api-token.entity.ts';
import { tokenHandlers } from './routes.ts';
import { bearerTokenResolver } from './token.resolver.ts';

export { ApiToken } from './api-token.entity.ts';
export { createApiToken, hashToken } from './token.service.ts';
export { countTokenSpend, returnTokenSpend } from './token-caps.ts';

/** API tokens: the /api page manages them; the automation API authenticates with them. */
export const tokensModule: ApiModule = {
  name: 'tokens',
  entities: [ApiToken],
  handlers: tokenHandlers,
  principalResolvers: [bearerTokenResolver],
};
