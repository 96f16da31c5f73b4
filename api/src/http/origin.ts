// The origin clients reach this app at, for links the app hands out (status URLs, problem types, templates).
import type { AppContext } from './context.ts';

/** `PUBLIC_URL`, else the origin this request came to (the forwarded one behind TRUST_PROXY). */
export function appOrigin(ctx: Pick<AppContext, 'protocol' | 'host'> & { services?: Pick<AppContext['services'], 'config'> }): string {
  // Not `ctx.origin`: in Koa 3 that is the request's Origin header. `services` is missing only in apps built
  // without it (tests of one middleware).
  return ctx.services?.config.publicUrl || `${ctx.protocol}://${ctx.host}`;
}
