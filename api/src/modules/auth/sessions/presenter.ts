// Sessions on the wire, as their owner sees them: never the id nor its hash.
import type { AccountSession } from '@app/contract';
import type { Session } from '../session/session.entity.ts';
import { describeClient } from './user-agent.ts';

export function presentSession(session: Session, currentHash: string | undefined): AccountSession {
  return {
    id: session.publicId,
    ...describeClient(session.userAgent),
    ip: session.ip ?? null,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    current: session.idHash === currentHash,
  };
}
