// What the clients saw: every request's start, end and outcome, every fault's window, every observed balance and
// every live stream's ends and reconnects. The verdict is computed from this and from the database.

export interface Call {
  user: string;
  method: string;
  /** The route, without query. */
  path: string;
  startedAt: number;
  endedAt: number;
  /** HTTP status, or 0 when no answer came (network error, time-out). */
  status: number;
  error?: string;
  /** A problem answer's `code` (which 409 it was, say). */
  problem?: string;
  /** The request carried a session cookie. */
  signedIn: boolean;
}

export interface FaultWindow {
  kind: string;
  detail: string;
  startedAt: number;
  /** When the fault was over (the process back, the database up, the bucket open). */
  endedAt: number;
  /** The first good answer to a request sent after the end, if any. */
  recoveredAt?: number;
}

export interface Journal {
  calls: Call[];
  faults: FaultWindow[];
  /** Balances users saw in answers: never negative. */
  balances: { user: string; credits: number; at: number }[];
  /** A live stream that ended (server closed it or the connection broke) and whether it came back. */
  streamBreaks: { user: string; at: number; reconnectedAt?: number }[];
  /** Accepted submissions (202) by Idempotency-Key: the task ids answered; one key must map to one task. */
  submissions: { user: string; key: string; taskId: string }[];
  /** What each process's /readyz answered while the database was stopped (all must be 503). */
  readinessWhileDatabaseDown: { app: string; status: number }[];
}

export function newJournal(): Journal {
  return { calls: [], faults: [], balances: [], streamBreaks: [], submissions: [], readinessWhileDatabaseDown: [] };
}

/** Marks recovery: the first good answer (not 5xx, not a network error) to a request sent after a fault ended. */
export function noteRecoveries(journal: Journal): void {
  for (const fault of journal.faults) {
    const good = journal.calls
      .filter((call) => call.startedAt >= fault.endedAt && call.status > 0 && call.status < 500)
      .sort((a, b) => a.endedAt - b.endedAt)[0];
    fault.recoveredAt = good?.endedAt;
  }
}
