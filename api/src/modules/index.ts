// The module registry: add a module here and its entities, handlers, principal resolvers and seeds are wired in.
import { adminModule } from './admin/index.ts';
import { authModule } from './auth/index.ts';
import { automationModule } from './automation/index.ts';
import { billingModule } from './billing/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { liveModule } from './live/index.ts';
import { type ApiModule, composeHandlers } from './module.ts';
import { providersModule } from './providers/index.ts';
import { settingsModule } from './settings/index.ts';
import { studioModule } from './studio/index.ts';
import { systemModule } from './system/index.ts';
import { tokensModule } from './tokens/index.ts';
import { usersModule } from './users/index.ts';

// Order matters for principal resolvers: the session cookie is read before the bearer token.
export const modules: readonly ApiModule[] = [
  systemModule,
  settingsModule,
  billingModule,
  usersModule,
  ledgerModule,
  authModule,
  tokensModule,
  adminModule,
  providersModule,
  studioModule,
  automationModule,
  liveModule,
];

/** Every entity, registered with the ORM in one list. */
export const entities = modules.flatMap((module) => module.entities ?? []);

/** Every handler, keyed by operationId; `bindRoutes` checks each contract route has one. */
export const handlers = composeHandlers(modules);

/** Consulted in order before routing to set `ctx.state.user` / `ctx.state.tokenUser`. */
export const principalResolvers = modules.flatMap((module) => module.principalResolvers ?? []);

/** Demo-data seeds, run at start on the embedded database. */
export const seeds = modules.flatMap((module) => (module.seed ? [module.seed] : []));

/** Start hooks (e.g. the first admin), run at every start after migrations and seeds. */
export const startHooks = modules.flatMap((module) => (module.onStart ? [module.onStart] : []));
