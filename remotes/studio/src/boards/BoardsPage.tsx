import { useQuery, useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, PageHeader, Spinner } from '@app/ui';
import { useState } from 'react';
import { LoginRequired } from '../pages/MyCreationsPage.tsx';
import { BoardCard } from './BoardCard.tsx';
import { BoardNameDialog, type NameDialogTarget } from './BoardNameDialog.tsx';
import { DeleteBoardDialog } from './DeleteBoardDialog.tsx';
import type { Board } from './types.ts';

/** /boards: the user's boards as cards (cover, name, count), with New board, Rename and Delete. */
export function BoardsPage() {
  const t = useT();
  const { user } = useSession();
  const boards = useQuery('/api/boards', user ? {} : null);
  const [naming, setNaming] = useState<NameDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<Board | null>(null);

  function content() {
    if (user === null) return <LoginRequired />;
    if (!user || (!boards.data && !boards.error)) {
      return (
        <div className="studio-creations-spinner">
          <Spinner size="lg" />
        </div>
      );
    }
    if (!boards.data) return <Card className="ui-muted">{t('boards.loadError')}</Card>;
    if (boards.data.boards.length === 0) return <Card className="ui-muted studio-boards-empty">{t('boards.empty')}</Card>;
    return (
      <ul className="studio-boards-grid" aria-label={t('boards.title')}>
        {boards.data.boards.map((board) => (
          <li key={board.id}>
            <BoardCard
              board={board}
              onRename={() => setNaming({ kind: 'rename', id: board.id, name: board.name })}
              onDelete={() => setDeleting(board)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="ui-container ui-page studio-page">
      <PageHeader
        title={t('boards.title')}
        subtitle={t('boards.subtitle')}
        actions={user && <Button onPress={() => setNaming({ kind: 'create' })}>{t('boards.newBoard')}</Button>}
      />
      {content()}
      <BoardNameDialog target={naming} onClose={() => setNaming(null)} />
      <DeleteBoardDialog board={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
