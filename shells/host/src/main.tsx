import '@app/ui/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { remotesReady } from './federation/remotes.ts';

// Start reading the remote manifest right away; host pages render without waiting for it.
void remotesReady();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
