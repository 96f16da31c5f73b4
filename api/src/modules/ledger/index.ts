import type { ApiModule } from '../module.ts';
import { Transaction } from './transaction.entity.ts';

export { type BalanceCrossing, onBalanceLow } from './balance-crossing.ts';
export { applyLedgerEntry, applyLedgerEntryOrRollBack, findLedgerMismatches } from './ledger.service.ts';
export { Transaction } from './transaction.entity.ts';
export { sumCreditsUsedOnTasks, sumTaskCredits } from './transaction.repository.ts';

/** The credits ledger: one immutable `transactions` row per balance change (see ledger.service.ts). */
export const ledgerModule: ApiModule = { name: 'ledger', entities: [Transaction] };
