import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederationSteps } from '../federation/build-steps.ts';
import { remoteFederation, remoteViteOptions } from '../federation/options.ts';
import { precompress } from '../precompress.ts';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  ...remoteViteOptions,
  plugins: [
    react(),
    federation(remoteFederation('admin', pkg.dependencies, ['dialog', 'number-field', 'table', 'tabs'])),
    ...remoteFederationSteps(),
    precompress(),
  ],
});
