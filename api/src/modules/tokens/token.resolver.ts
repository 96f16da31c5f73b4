// Principal resolver: `Authorization: Bearer <token>` -> `ctx.state.tokenUser`.
import type { PrincipalResolver } from '../../http/context.ts';
import { toPrincipal } from '../users/index.ts';
import { resolveApiToken } from './token.service.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Unknown, inactive or malformed tokens (or tokens of disabled users) leave the caller anonymous. */
export const bearerTokenResolver: PrincipalResolver = async (ctx) => {
  const match = BEARER.exec(ctx.get('Authorization'));
  if (!match?.[1]) return undefined;
  const found = await resolveApiToken(ctx.state.em, match[1]);
  // The verified token's id goes with its user: per-token limits count the token, never the header's spelling.
  return found ? { tokenUser: { ...toPrincipal(found.user), tokenId: found.tokenId } } : undefined;
};
