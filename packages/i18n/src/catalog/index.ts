import type { Language } from '../define.ts';

type Loader = () => Promise<{ default: Record<string, string> }>;

/**
 * Every domain's messages, one chunk per domain and language, fetched only when a page needs them
 * (see messages.ts). A new domain adds its folder (`en.ts`, `vi.ts`) here.
 */
export const loaders = {
  common: { en: () => import('./common/en.ts'), vi: () => import('./common/vi.ts') },
  landing: { en: () => import('./landing/en.ts'), vi: () => import('./landing/vi.ts') },
  contact: { en: () => import('./contact/en.ts'), vi: () => import('./contact/vi.ts') },
  studio: { en: () => import('./studio/en.ts'), vi: () => import('./studio/vi.ts') },
  boards: { en: () => import('./boards/en.ts'), vi: () => import('./boards/vi.ts') },
  studioBulk: { en: () => import('./studioBulk/en.ts'), vi: () => import('./studioBulk/vi.ts') },
  share: { en: () => import('./share/en.ts'), vi: () => import('./share/vi.ts') },
  billing: { en: () => import('./billing/en.ts'), vi: () => import('./billing/vi.ts') },
  account: { en: () => import('./account/en.ts'), vi: () => import('./account/vi.ts') },
  admin: { en: () => import('./admin/en.ts'), vi: () => import('./admin/vi.ts') },
  adminManage: { en: () => import('./adminManage/en.ts'), vi: () => import('./adminManage/vi.ts') },
  security: { en: () => import('./security/en.ts'), vi: () => import('./security/vi.ts') },
} satisfies Record<string, Record<Language, Loader>>;

export type Domain = keyof typeof loaders;
export const DOMAINS = Object.keys(loaders) as Domain[];

type English = { [D in Domain]: Awaited<ReturnType<(typeof loaders)[D]['en']>>['default'] };
/** `domain.key`, e.g. `common.navHome`: typed, so a typo fails the build. */
export type MessageKey = { [D in Domain]: `${D}.${Extract<keyof English[D], string>}` }[Domain];
