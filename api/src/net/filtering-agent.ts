// The SSRF guard's address filter at the socket: request-filtering-agent checks the address every guarded connection
// is about to use (the one DNS pinning hands it) and refuses anything but public unicast, plus what ip.ts denies
// beyond its rule. A connection the guard let through for the operator's allowed networks names that one address.
import type { Agent } from 'node:http';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { DENIED_RANGES } from './ip.ts';

/** A one-connection agent for `protocol` that refuses every non-public address of `family` except `allowed`. */
export function filteringAgent(protocol: string, family: 4 | 6, allowed?: string): Agent {
  const options = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: allowed ? [allowed] : [],
    // Only this family's ranges: the library warns on every check that compares an address with the other family.
    denyIPAddressList: [...DENIED_RANGES[family]],
  };
  return protocol === 'https:' ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
}

/** Whether a connection error is the agent refusing the address (its errors carry no code, only this sentence). */
export function refusedByFilter(error: Error): boolean {
  return !('code' in error) && /is not allowed\. Because/.test(error.message);
}
