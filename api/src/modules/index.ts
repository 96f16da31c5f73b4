// The module registry: add a module here and its entities, handlers, principal resolvers, seeds and process are wired in.
import { adminModule } from './admin/index.ts';
import { auditModule } from './audit/index.ts';
import { authModule } from './auth/index.ts';
import { automationModule } from './automation/index.ts';
import { billingModule } from './billing/index.ts';
import { idempotencyModule } from './idempotency/index.ts';
import { providersModule } from './kie-accounts/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { liveModule } from './live/index.ts';
import { type ApiModule, composeHandlers } from './module.ts';
import { openaiImagesModule } from './openai-images/index.ts';
import { settingsModule } from './settings/index.ts';
import { studioModule } from './studio/index.ts';
import { systemModule } from './system/index.ts';
import { tokensModule } from './tokens/index.ts';
import { usersModule } from './users/index.ts';

// Order matters: principal resolvers are consulted in it (the session cookie before the bearer token), and
// processes are built and started in it (billing's alert queue first; the studio before admin and automation,
// which follow its task transitions).
export const modules: readonly ApiModule[] = [
  systemModule,
  settingsModule,
  billingModule,
  usersModule,
  auditModule,
  idempotencyModule,
  ledgerModule,
  authModule,
  tokensModule,
  providersModule,
  studioModule,
  adminModule,
  automationModule,
  openaiImagesModule,
  liveModule,
];

/** Every entity, registered with the ORM in one list. */
export const entities = modules.flatMap((module) => module.entities ?? []);

/** Every handler, keyed by operationId; `bindRoutes` checks each contract route has one. */
export const handlers = composeHandlers(modules);

/** Consulted in order before routing to set `ctx.state.user` / `ctx.state.tokenUser`. */
export const principalResolvers = modules.flatMap((module) => module.principalResolvers ?? []);

/** Rules on top of the routes' roles (the second-factor rules of auth), run by the binder in module order. */
export const routeGuards = modules.flatMap((module) => module.routeGuards ?? []);

/** Demo-data seeds, run at start on the embedded database. */
export const seeds = modules.flatMap((module) => (module.seed ? [module.seed] : []));

/** The modules' running parts (job workers, schedules, hooks), built and started in module order. */
export const processes = modules.flatMap((module) => (module.process ? [module.process] : []));

/** Start hooks (e.g. the first admin), run at every start after migrations and seeds. */
export const startHooks = modules.flatMap((module) => (module.onStart ? [module.onStart] : []));
