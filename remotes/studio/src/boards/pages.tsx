// The boards pages, one lazily loaded chunk (with their messages): /generate and /my-creations carry none of it.
import { WithMessages } from '@app/i18n';
import { Spinner } from '@app/ui';
import { Suspense } from 'react';
import { BoardPage } from './BoardPage.tsx';
import { BoardsPage } from './BoardsPage.tsx';
import './boards.css';

const waiting = (
  <div className="studio-creations-spinner">
    <Spinner size="lg" />
  </div>
);

export function BoardsRoute() {
  return (
    <Suspense fallback={waiting}>
      <WithMessages domains={['boards']}>
        <BoardsPage />
      </WithMessages>
    </Suspense>
  );
}

export function BoardRoute({ boardId }: { boardId: string }) {
  return (
    <Suspense fallback={waiting}>
      <WithMessages domains={['boards']}>
        <BoardPage boardId={boardId} />
      </WithMessages>
    </Suspense>
  );
}
