import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationSteps } from '../federation/build-steps.ts';
import { lazyUiAliases, remoteFederation, remoteViteOptions } from '../federation/options.ts';
import { precompress } from '../precompress.ts';
import pkg from './package.json' with { type: 'json' };

// Its dialogs and the signed-in history table load with the parts that render them.
const UP_FRONT = [] as const;

export default defineConfig({
  ...remoteViteOptions,
  resolve: { alias: lazyUiAliases(UP_FRONT) },
  plugins: [react(), federation(remoteFederation('billing', pkg.dependencies, UP_FRONT)), ...remoteFederationSteps(), precompress()],
});
