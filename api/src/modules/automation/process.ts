// The automation module's part of the running process: signed callbacks queued in the transaction of the task
// transition (or the ledger entry crossing the low-balance threshold) they report, and sent by pg-boss workers. Built after the studio, whose transitions it follows.
import { onBalanceLow } from '../ledger/index.ts';
import { type ModuleProcess, type ProcessContext, serviceOf } from '../module.ts';
import { CallbackDeliveries } from './callbacks/delivery-jobs.ts';
import { callbackFetchOptions } from './callbacks/fetch-options.ts';

declare module '../../http/context.ts' {
  interface AppServices {
    /** The callback deliveries of this process (redelivery sends through it). */
    callbacks: CallbackDeliveries;
  }
}

export async function automationProcess(context: ProcessContext): Promise<ModuleProcess> {
  const { jobs, orm, logger, config, services } = context;
  const studio = serviceOf(context, 'studio');
  const { allowedNetworks, retryMs } = config.automationCallbacks;
  const fetchOptions = callbackFetchOptions(studio.fetchOptions, allowedNetworks);
  const callbacks = new CallbackDeliveries(jobs, { orm, logger, fetchOptions, retryMs });
  studio.onTransition(callbacks.afterTransition);
  onBalanceLow(orm.em, callbacks.afterBalanceLow);
  // Declared now: the studio's workers, started before this module's, may already send to it.
  await callbacks.define();
  services.callbacks = callbacks;
  return { start: () => callbacks.start() };
}
