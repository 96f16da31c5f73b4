// Import rules of the code base, checked by `pnpm lint` and scripts/test.sh (depcruise).
// A module under api/src/modules/<m>/ is entered from anywhere else only through its door, index.ts; test code may
// also use its test kit (testing.ts or testing/). The rest encodes the layering of the spine (README "Layout").

const MODULE = '^api/src/modules/[^/]+/';
const DOOR = '^api/src/modules/[^/]+/index[.]ts$';
const TEST_KIT = '^api/src/modules/[^/]+/testing([.]ts$|/)';
// Test code: test files, test kits, the api's test helpers, and the scripts (browser tests, benchmarks).
const TEST_CODE = ['[.]test[.]tsx?$', '/testing([.]ts$|/)', '^api/test/', '^scripts/'];
const INFRASTRUCTURE = '^api/src/(db|http|jobs|storage|images|net|crypto|metrics|providers)/|^api/src/(config[^/]*|errors|logger)[.]ts$';
const FRONT_END = '^(shells|remotes)/|^packages/(ui|api-client|i18n)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'ES module cycles (a barrel index.ts makes them easy): an import may see a binding before it is evaluated.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-door',
      comment: "Another module is entered only through its index.ts; import your own module's files relatively.",
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/', pathNot: TEST_CODE },
      to: { path: MODULE, pathNot: ['^api/src/modules/$1/', DOOR] },
    },
    {
      name: 'module-door-from-outside',
      comment: 'Code outside the modules (app.ts, server.ts, jobs, ...) enters a module only through its index.ts.',
      severity: 'error',
      from: { pathNot: [MODULE, ...TEST_CODE] },
      to: { path: MODULE, pathNot: DOOR },
    },
    {
      name: 'module-door-for-tests',
      comment: 'Tests enter another module through its index.ts or its test kit (testing.ts or testing/).',
      severity: 'error',
      from: { path: '^api/src/modules/([^/]+)/', pathNot: '^api/src/modules/[^/]+/(?!.*([.]test[.]ts$|/testing([.]ts$|/)))' },
      to: { path: MODULE, pathNot: ['^api/src/modules/$1/', DOOR, TEST_KIT] },
    },
    {
      name: 'module-door-for-tests-outside',
      comment: 'Tests enter a module through its index.ts or its test kit (testing.ts or testing/).',
      severity: 'error',
      from: { path: TEST_CODE, pathNot: MODULE },
      to: { path: MODULE, pathNot: [DOOR, TEST_KIT] },
    },
    {
      name: 'production-not-test-code',
      comment: 'Test kits and test helpers are never part of the running service.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: TEST_CODE },
      to: { path: [TEST_KIT, '^api/test/', '[.]test[.]ts$'] },
    },
    {
      name: 'db-imports-no-module',
      comment: 'src/db opens the database for whatever entities it is given; the modules sit above it.',
      severity: 'error',
      from: { path: '^api/src/db/' },
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'infrastructure-imports-no-module',
      comment: 'http, jobs, storage, images, net, crypto, metrics, providers and config serve the modules, never the reverse.',
      severity: 'error',
      from: { path: INFRASTRUCTURE, pathNot: TEST_CODE },
      to: { path: '^api/src/modules/' },
    },
    {
      name: 'contract-is-the-source',
      comment: 'packages/contract is the source of truth: it imports no other part of the project.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(api|shells|remotes|scripts|openapi)/|^packages/(?!contract/)' },
    },
    {
      name: 'api-not-front-end',
      comment: 'The API knows the contract, not the UI.',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: FRONT_END },
    },
    {
      name: 'front-end-not-api',
      comment: 'The UI reaches the API over HTTP (packages/api-client), never through its source.',
      severity: 'error',
      from: { path: FRONT_END, pathNot: TEST_CODE },
      to: { path: '^api/' },
    },
    {
      name: 'remotes-stand-alone',
      comment:
        'Remotes are loaded by the host at run time: none imports another remote or the host (the shared build files in remotes/ aside).',
      severity: 'error',
      from: { path: '^remotes/([^/]+)/' },
      to: { path: '^shells/|^remotes/', pathNot: ['^remotes/$1/', '^remotes/[^/]+[.]ts$', '^remotes/federation/'] },
    },
    {
      name: 'shared-packages-not-apps',
      comment: 'packages/* are shared by the host and the remotes; they import neither.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^(shells|remotes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)data/', '/src/generated/', '__mf__temp'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
