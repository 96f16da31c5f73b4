// The share panel of an image (in Image Details) or a board (on its page), fed by ShareControls: create the public
// link, show it with Copy and "Show the prompt", and stop sharing, which kills the link at once.
import type { components } from '@app/api-client';
import { useT, WithMessages } from '@app/i18n';
import { Button, Checkbox, Spinner, TextField, toast } from '@app/ui';
import { type ReactNode, Suspense, useState } from 'react';
import './share.css';

type Share = components['schemas']['Share'];

/** What a panel needs from its calls (image or board): the link (undefined while asked) and the changes. */
export interface ShareCalls {
  share: Share | null | undefined;
  pending: boolean;
  save: (showPrompt: boolean) => Promise<unknown>;
  stop: () => Promise<unknown>;
}

interface SharePanelProps {
  calls: ShareCalls;
  kind: 'image' | 'board';
}

/** Shows its children once the share words are there (fetched on first use, not with the page). */
export function WithShareWords({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WithMessages domains={['share']}>{children}</WithMessages>
    </Suspense>
  );
}

/** Copies text to the clipboard (a secure context's API); false where it is missing or refused. */
async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The panel; inside `WithShareWords`. */
export function SharePanel({ calls, kind }: SharePanelProps) {
  const t = useT();
  const { share, pending } = calls;
  // Creating or stopping swaps the pressed button for another control: the new one takes the focus, so a keyboard
  // user goes on from there (and Escape still closes the dialog) instead of starting again from the page's top.
  const [swapped, setSwapped] = useState(false);
  const save = () => {
    setSwapped(true);
    void calls.save(false);
  };
  const stop = () => {
    setSwapped(true);
    void calls.stop();
  };
  return (
    <section className="studio-share" aria-labelledby={`studio-share-${kind}`} data-shared={share ? 'true' : 'false'}>
      <h3 id={`studio-share-${kind}`}>{t('share.heading')}</h3>
      <p className="ui-muted studio-share-hint">{t(kind === 'image' ? 'share.imageHint' : 'share.boardHint')}</p>
      {share === undefined ? (
        <Spinner label={t('share.loading')} />
      ) : share === null ? (
        <Button variant="secondary" isPending={pending} onPress={save} autoFocus={swapped}>
          {t('share.create')}
        </Button>
      ) : (
        <>
          <TextField label={t('share.linkLabel')} value={share.url} isReadOnly className="studio-share-link" autoFocus={swapped} />
          <Checkbox isSelected={share.showPrompt} isDisabled={pending} onChange={(showPrompt) => void calls.save(showPrompt)}>
            {t(kind === 'image' ? 'share.showPrompt' : 'share.showPrompts')}
          </Checkbox>
          <div className="studio-share-actions">
            <Button
              variant="secondary"
              onPress={async () =>
                toast(
                  (await copied(share.url))
                    ? { title: t('share.copied'), variant: 'success' }
                    : { title: t('share.copyFailed'), variant: 'error' },
                )
              }
            >
              {t('share.copy')}
            </Button>
            <Button variant="danger" isPending={pending} onPress={stop}>
              {t('share.stop')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
