import { useQuery, useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Link, navigate, PageHeader, Spinner } from '@app/ui';
import { useState } from 'react';
import {
  LazyImageDetailsDialog,
  LoginRequired,
  recreate,
  upscale,
  useCreationPages,
  useTaskDetails,
  VirtualTaskGrid,
  WHOLE_HISTORY,
} from '../pages/MyCreationsPage.tsx';
import { ShareControls } from '../share/ShareControls.tsx';
import { BoardNameDialog, type NameDialogTarget } from './BoardNameDialog.tsx';
import { DeleteBoardDialog } from './DeleteBoardDialog.tsx';

/** /boards/:boardId: the board's images in My Creations' grid; its details dialog can take an image off the board. */
export function BoardPage({ boardId }: { boardId: string }) {
  const t = useT();
  const { user } = useSession();
  const board = useQuery('/api/boards/{boardId}', user ? { params: { path: { boardId } } } : null);
  // A board holds images of any age: its page lists the whole history, not My Creations' 14 days.
  const list = useCreationPages(WHOLE_HISTORY, Boolean(user) && Boolean(board.data), boardId);
  const details = useTaskDetails(list.tasks);
  const [naming, setNaming] = useState<NameDialogTarget | null>(null);
  const [deleting, setDeleting] = useState(false);
  const name = board.data?.name ?? '';

  const spinner = (
    <div className="studio-creations-spinner">
      <Spinner size="lg" />
    </div>
  );

  function content() {
    if (user === null) return <LoginRequired />;
    if (!user) return spinner;
    if (board.error && !board.data) return <Card className="ui-muted studio-boards-empty">{t('boards.notFound')}</Card>;
    if (!board.data || !list.first) return spinner;
    if (list.first.total === 0) return <Card className="ui-muted studio-boards-empty">{t('boards.boardEmpty')}</Card>;
    return (
      <>
        <VirtualTaskGrid tasks={list.tasks} onOpen={details.open} label={t('boards.boardImages', { name })} onEnd={list.loadMore} />
        <div className="studio-creations-more" aria-live="polite">
          {list.loadingMore ? <Spinner label={t('studio.loadingMore')} /> : null}
        </div>
      </>
    );
  }

  return (
    <div className="ui-container ui-page studio-page">
      <p className="studio-board-back">
        <Link href="/boards">← {t('boards.allBoards')}</Link>
      </p>
      <PageHeader
        title={board.data ? name : t('boards.title')}
        subtitle={board.data ? t('boards.imageCount', { count: board.data.imageCount }) : undefined}
        actions={
          board.data && (
            <div className="studio-board-actions">
              <Button variant="secondary" onPress={() => setNaming({ kind: 'rename', id: boardId, name })}>
                {t('boards.rename')}
              </Button>
              <Button variant="secondary" onPress={() => setDeleting(true)}>
                {t('boards.delete')}
              </Button>
            </div>
          )
        }
      />
      {board.data && (
        <Card className="studio-board-share">
          <ShareControls target={{ kind: 'board', boardId }} />
        </Card>
      )}
      {content()}
      <LazyImageDetailsDialog task={details.task} onClose={details.close} onRecreate={recreate} onUpscale={upscale} boardId={boardId} />
      <BoardNameDialog target={naming} onClose={() => setNaming(null)} />
      <DeleteBoardDialog
        board={deleting ? { id: boardId, name } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate('/boards')}
      />
    </div>
  );
}
