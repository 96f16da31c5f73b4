import '@app/ui/theme.css';
import { getLanguage, loadMessages } from '@app/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { routesOf } from './federation/RemoteOutlet.tsx';
import { remotesReady } from './federation/remotes.ts';
import { pageDomains } from './pageMessages.ts';
import { remoteFor } from './routing.ts';

// Start reading the remote manifest right away; host pages render without waiting for it. The first
// page's remote starts downloading now too, alongside the messages.
void remotesReady();
const firstRemote = remoteFor(window.location.pathname);
if (firstRemote) routesOf(firstRemote);

// The shell's messages and the first page's, in the active language only; a failed fetch still
// renders (texts fall back to their keys) rather than leaving a blank page.
await loadMessages(getLanguage(), ['common', ...pageDomains(window.location.pathname)]).catch((error: unknown) =>
  console.error('Messages unavailable', error),
);

// The HTML already shows the page's first frame (build/firstPaint.ts): the app draws its own in a transition,
// which React renders in slices that leave the main thread free for input, then swaps in at once.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
