import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { remoteFederation, remoteViteOptions } from '../federation.ts';
import { precompress } from '../precompress.ts';
import { remoteEntry } from '../remote-entry.ts';
import pkg from './package.json' with { type: 'json' };

export default defineConfig({
  ...remoteViteOptions,
  plugins: [
    react(),
    federation(remoteFederation('admin', pkg.dependencies, ['dialog', 'number-field', 'table', 'tabs'])),
    remoteEntry(),
    precompress(),
  ],
});
