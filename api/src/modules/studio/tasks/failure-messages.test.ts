import { describe, expect, it } from 'vitest';
import { adminRefundReason, FAILURE_MESSAGES, refundCause } from './failure-messages.ts';

describe('refundCause', () => {
  it('names our own reasons, the admin who refunded, and passes a provider message on as the provider', () => {
    expect(refundCause(FAILURE_MESSAGES.timed_out)).toEqual({ cause: 'timed_out' });
    expect(refundCause(FAILURE_MESSAGES.no_provider)).toEqual({ cause: 'no_provider' });
    expect(refundCause(adminRefundReason('root'))).toEqual({ cause: 'admin', admin: 'root' });
    expect(refundCause('Content policy violation')).toEqual({ cause: 'provider' });
  });
});
