/** Business constants from the contract's zod-free subpath (the index would pull zod into the page). */
export { LANDING_PRICE_DEFAULTS, POLL_MS, SETTINGS_DEFAULTS, USD_PER_CREDIT } from '@app/contract/constants';
