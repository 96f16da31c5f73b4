export {
  PayPalApiError,
  PayPalClient,
  type PayPalOrderSnapshot,
} from './client.ts';
export { checkCapturedPayment, type PaymentCheck } from './verify.ts';
