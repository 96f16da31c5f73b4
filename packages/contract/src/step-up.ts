// The calls that move money or power: each needs a second-factor check of the session (or, for an account without a
// second factor, its password) within the last STEP_UP_MINUTES, else 401 `step_up_required`.

/** How long a check lets these calls through. */
export const STEP_UP_MINUTES = 10;

/** operationIds that need a recent check. */
export const STEP_UP_OPERATIONS: ReadonlySet<string> = new Set([
  // Money: balances, refunds, prices and packages, payment and provider settings.
  'setUserCredits',
  'refundTask',
  'updateAdminSettings',
  'createCreditPackage',
  'updateCreditPackage',
  'deleteCreditPackage',
  'createKieApi',
  'updateKieApi',
  'deleteKieApi',
  // Power: who is an admin, who may sign in, and the sign-in rules themselves.
  'createAdminUser',
  'updateAdminUser',
  'toggleAdminUser',
  'deleteAdminUser',
  'updateAdminSecuritySettings',
  // An account's own factors: adding or removing one, and new recovery codes.
  'enableTotp',
  'disableTotp',
  'regenerateRecoveryCodes',
  'getPasskeyRegistrationOptions',
  'deletePasskey',
]);

/** Problem codes of the second-factor rules, for clients that answer them (a prompt, a redirect to set one up). */
export const STEP_UP_REQUIRED = 'step_up_required';
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
