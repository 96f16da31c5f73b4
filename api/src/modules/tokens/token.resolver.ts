// Principal resolver: `Authorization: Bearer <token>` -> `ctx.state.tokenUser`.
import type { AppContext, PrincipalResolver } from '../../http/context.ts';
import { toPrincipal } from '../users/index.ts';
import { resolveApiToken } from './token.service.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Unknown, inactive or malformed tokens (or tokens of disabled users) leave the caller anonymous. */
export const bearerTokenResolver: PrincipalResolver = (ctx) => {
  const header = ctx.req.headers.authorization;
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  return token ? resolveBearer(ctx, token) : undefined;
};

async function resolveBearer(ctx: AppContext, token: string) {
  const found = await resolveApiToken(ctx.state.em, token);
  // The verified token's id goes with its user: per-token limits count the token, never the header's spelling.
  return found ? { tokenUser: { ...toPrincipal(found.user), tokenId: found.tokenId } } : undefined;
}
