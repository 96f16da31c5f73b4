import { account } from './account.ts';
import { admin } from './admin.ts';
import { billing } from './billing.ts';
import { common } from './common.ts';
import { contact } from './contact.ts';
import { landing } from './landing.ts';
import { studio } from './studio.ts';

/** Every domain's messages. A new domain adds its file here. */
export const catalog = { common, landing, contact, studio, billing, account, admin };

type Catalog = typeof catalog;
/** `domain.key`, e.g. `common.navHome`: typed, so a typo fails the build. */
export type MessageKey = { [D in keyof Catalog]: `${D}.${Extract<keyof Catalog[D]['en'], string>}` }[keyof Catalog];
