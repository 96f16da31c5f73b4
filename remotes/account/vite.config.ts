import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationSteps } from '../federation/build-steps.ts';
import { lazyUiAliases, remoteFederation, remoteViteOptions } from '../federation/options.ts';
import { precompress } from '../precompress.ts';
import pkg from './package.json' with { type: 'json' };

// /login renders no widget entry: the dialogs load with the pages that show them (/my-account, /api).
const UP_FRONT = [] as const;

export default defineConfig({
  ...remoteViteOptions,
  resolve: { alias: lazyUiAliases(UP_FRONT) },
  plugins: [react(), federation(remoteFederation('account', pkg.dependencies, UP_FRONT)), ...remoteFederationSteps(), precompress()],
});
