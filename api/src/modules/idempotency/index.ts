import type { ApiModule } from '../module.ts';
import { IdempotencyKey } from './idempotency-key.entity.ts';

export { oncePerKey } from './once-per-key.ts';

/** `Idempotency-Key` for every create call (studio, uploads, checkout, tokens, automation API): one intent, one effect. */
export const idempotencyModule: ApiModule = {
  name: 'idempotency',
  entities: [IdempotencyKey],
};
