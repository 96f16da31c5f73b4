import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import { lazy, Suspense, useState } from 'react';
import type { ApiToken } from './tokensApi.ts';

// The form downloads on the first press: a page of tokens loads no caps code.
const TokenCapsForm = lazy(() => import('./TokenCapsForm.tsx').then((module) => ({ default: module.TokenCapsForm })));

/** The Caps button of one token, opening its form: credits per UTC day and in all, empty for none. */
export function TokenCapsDialog({ token }: { token: ApiToken }) {
  const t = useT();
  const [isOpen, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('account.capsLabel', { name: token.name })}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onPress={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {t('account.capsButton')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <TokenCapsForm key={String(isOpen)} token={token} isOpen={isOpen} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
