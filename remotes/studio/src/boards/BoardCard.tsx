import { useT } from '@app/i18n';
import { Button, Link } from '@app/ui';
import type { Board } from './types.ts';

/** A board on /boards: its cover and name link to its page; Rename and Delete beside them. */
export function BoardCard({ board, onRename, onDelete }: { board: Board; onRename: () => void; onDelete: () => void }) {
  const t = useT();
  return (
    <article className="studio-board-card" data-board-id={board.id}>
      <Link href={`/boards/${board.id}`} className="studio-board-link" aria-label={t('boards.openBoard', { name: board.name })}>
        <span className="studio-board-cover">
          {board.coverUrl ? (
            <img src={board.coverUrl} alt="" loading="lazy" decoding="async" />
          ) : (
            <span className="studio-board-nocover">{t('boards.noCover')}</span>
          )}
        </span>
        <span className="studio-board-name">{board.name}</span>
        <span className="studio-board-count">{t('boards.imageCount', { count: board.imageCount })}</span>
      </Link>
      <div className="studio-board-actions">
        <Button variant="secondary" size="sm" onPress={onRename} aria-label={t('boards.renameBoard', { name: board.name })}>
          {t('boards.rename')}
        </Button>
        <Button variant="secondary" size="sm" onPress={onDelete} aria-label={t('boards.deleteBoard', { name: board.name })}>
          {t('boards.delete')}
        </Button>
      </div>
    </article>
  );
}
