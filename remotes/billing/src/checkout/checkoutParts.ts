// What /pricing runs only once a payment starts or a provider sends the buyer back: the purchase dialog and the
// return's settlement, with the payment calls and toasts they share. One module, so one download: two would
// each split the code they share with the page into another file that every visit loads.
export { settlePricingReturn } from '../returns/settlePricingReturn.ts';
export { PurchaseDialog } from './PurchaseDialog.tsx';
