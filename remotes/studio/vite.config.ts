import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationSteps } from '../federation/build-steps.ts';
import { lazyUiAliases, remoteFederation, remoteViteOptions } from '../federation/options.ts';
import { precompress } from '../precompress.ts';
import pkg from './package.json' with { type: 'json' };

// /generate paints its tabs at once; the Image Details dialog loads when a first image is opened.
const UP_FRONT = ['tabs'] as const;

export default defineConfig({
  ...remoteViteOptions,
  resolve: { alias: lazyUiAliases(UP_FRONT) },
  plugins: [react(), federation(remoteFederation('studio', pkg.dependencies, UP_FRONT)), ...remoteFederationSteps(), precompress()],
});
