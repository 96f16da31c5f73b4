// Where providers send the buyer back to.
import type { AppContext } from '../../http/context.ts';
import { appOrigin } from '../../http/origin.ts';
import { paymentMethodUnavailable } from './problems.ts';

/**
 * The public origin of the app: `PUBLIC_URL`, or outside production the origin this request came to (so a local
 * start works without setup). Production without `PUBLIC_URL` refuses payments rather than trust the Host header.
 */
export function publicOrigin(ctx: AppContext, method: 'Card payment' | 'PayPal'): string {
  const { publicUrl, isProduction } = ctx.services.config;
  if (publicUrl) return publicUrl;
  if (isProduction) {
    ctx.services.logger.error('payments need PUBLIC_URL in production');
    throw paymentMethodUnavailable(method);
  }
  return appOrigin(ctx);
}
