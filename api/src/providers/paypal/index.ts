export {
  type CaptureResult,
  type CreatedOrder,
  type CreateOrderInput,
  PAYPAL_BASE_URLS,
  PayPalApiError,
  PayPalClient,
  type PayPalClientOptions,
  type PayPalEnvironment,
  type PayPalErrorDetail,
  type PayPalErrorKind,
  type PayPalLogger,
  type PayPalMoney,
  type PayPalOrderSnapshot,
} from './client.ts';
export { decimalEquals, decimalToMinorUnits, isDecimalString, minorUnitsToDecimal } from './money.ts';
export { checkCapturedPayment, type ExpectedPayment, type PaymentCheck, type PaymentCheckFailure } from './verify.ts';
