/** Business constants from the specification, shared by the server and the UI. */

/** Admin settings defaults (spec 001 §3, §9). */
export const SETTINGS_DEFAULTS = {
  /** Studio cost in credits of one text-to-image task. */
  nanoBananaCredits: 2,
  /** Studio cost in credits of one edit task. */
  nanoBananaEditCredits: 3,
  /** Cost in credits of one upscale, studio and API alike. */
  nanoBananaResizeCredits: 5,
  /** Automation API price in credits of one text-to-image task. */
  nanoBananaApiPrice: 4,
  /** Automation API price in credits of one edit task. */
  nanoBananaEditApiPrice: 6,
  startCredits: 0,
  paypalEnvironment: 'sandbox',
  creemEnvironment: 'test',
} as const;

/** What the landing page shows until the pricing call answers (spec 000 §2). */
export const LANDING_PRICE_DEFAULTS = { textToImage: 5, edit: 5, upscale: 2 } as const;

/** USD value of one credit, used for the landing page's upscale price. */
export const USD_PER_CREDIT = 0.005;

export const LIMITS = {
  maxReferenceImages: 5,
  maxImageBytes: 10 * 1024 * 1024,
  seedMin: 10000,
  seedMax: 99999,
  scaleRatios: [2, 3, 4] as const,
  usernameMin: 3,
  passwordMin: 6,
  costMin: 1,
  costMax: 1000,
  startCreditsMax: 1000,
  lowProviderCredits: 400,
  /** Longest http(s) address taken or answered. */
  urlMax: 2048,
  /** Deepest nesting of arrays and objects in a JSON request body (deeper answers 400 `bad_request`). */
  jsonBodyDepth: 32,
  /** Longest prompt. */
  promptMax: 5000,
  /** Longest search text in the task list. */
  searchMax: 200,
  /** Where a search stops counting its matches (counting all of a long history costs more than the page itself). */
  searchCountCap: 200,
  /** Longest failure reason stored on a task (longer provider messages are cut). */
  taskErrorMax: 2000,
  /** Result images kept per task (the provider answers one; more are dropped). */
  maxResultImages: 4,
  /** Images one request may ask for (`n`): each is its own task and charge. */
  maxImagesPerRequest: 4,
  /** API tokens one user may hold. */
  maxTokensPerUser: 50,
  /** Credit packages, active or not (creating more answers 409). */
  maxCreditPackages: 100,
  /** KIE provider accounts (creating more answers 409). */
  maxKieAccounts: 100,
  /** Users the admin list answers when no page size is asked for. */
  maxUnpagedUsers: 1000,
  /** Highest page number of a paged list. */
  pageMax: 100_000,
  /** Largest image the proxy passes on, in bytes. */
  proxyMaxBytes: 32 * 1024 * 1024,
  /** Longest `Retry-After` we answer, in seconds (the longest configurable rate-limit window). */
  retryAfterMaxSeconds: 86_400,
} as const;

/** Range of a PostgreSQL `integer` column: balances, ledger amounts and credit counts are stored as such. */
export const INT32 = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** Counts and sums come from PostgreSQL as bigint; JSON carries them exactly up to this. */
export const COUNT_MAX = Number.MAX_SAFE_INTEGER;

export const ASPECT_RATIOS = ['1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export const IMAGE_SIZES = ['auto', '1:1', '3:4', '4:3', '9:16', '16:9'] as const;
export const OUTPUT_FORMATS = ['png', 'jpeg'] as const;

/** Pixel size of each image size (spec 000 §9). */
export const IMAGE_PIXELS: Record<Exclude<(typeof IMAGE_SIZES)[number], 'auto'>, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1024, height: 576 },
  '9:16': { width: 576, height: 1024 },
  '4:3': { width: 896, height: 672 },
  '3:4': { width: 672, height: 896 },
};

/** Polling intervals in milliseconds (spec 000 §9). */
export const POLL_MS = {
  preview: 1000,
  recent: 2000,
  pricing: 60000,
  currentUser: 30000,
  creationsActive: 2000,
  creationsIdle: 10000,
} as const;

/** Pages the host shell renders itself: exact addresses only. */
export const HOST_PAGE_PATHS = ['/', '/contact'] as const;

/**
 * The web UI's route table for its federated remotes: each remote and the pages it renders. The host's
 * router mounts a remote under each of its pages (the remote routes the addresses below it); the server
 * lists the remotes' entries from it and answers the pages with 200.
 */
export const REMOTE_ROUTES = {
  studio: ['/generate', '/my-creations', '/boards'],
  billing: ['/pricing', '/purchase-credits'],
  account: ['/login', '/my-account', '/api'],
  admin: ['/admin', '/history'],
} as const;

export type RemoteName = keyof typeof REMOTE_ROUTES;
export const REMOTE_NAMES = Object.keys(REMOTE_ROUTES) as RemoteName[];
/** The pages of remote `N`. */
export type RemotePagePath<N extends RemoteName = RemoteName> = (typeof REMOTE_ROUTES)[N][number];

/** Pages the remotes render; a remote also owns the addresses below its own (e.g. `/admin/users`). */
export const REMOTE_PAGE_PATHS: RemotePagePath[] = Object.values(REMOTE_ROUTES).flat();

/** Every page of the web UI. The server answers other addresses with 404 and the 'Page Not Found' page. */
export const PAGE_PATHS = [...HOST_PAGE_PATHS, ...REMOTE_PAGE_PATHS] as const;

/** Whether `path` is a page of the UI. */
export function isPagePath(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (
    (HOST_PAGE_PATHS as readonly string[]).includes(trimmed) ||
    REMOTE_PAGE_PATHS.some((page) => trimmed === page || trimmed.startsWith(`${page}/`))
  );
}

/** A user's boards: the longest name, how many boards, how many task ids one add or remove call takes. */
export const BOARD_LIMITS = { nameMax: 60, boardsMax: 200, taskIdsMax: 100 } as const;
