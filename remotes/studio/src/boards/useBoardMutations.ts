import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';

/** Every boards call re-reads the boards and the task lists (a board's page lists its tasks). */
const INVALIDATES = ['/api/boards', '/api/image-tasks'];

/** Create, rename and delete a board, each telling of its outcome. */
export function useBoardMutations() {
  const t = useT();
  const saveOptions = { failure: t('boards.saveFailed'), fallback: t('boards.genericError'), invalidates: INVALIDATES };
  const create = useMutation('post', '/api/boards', {
    ...saveOptions,
    idempotent: true,
    onSuccess: () => void toast({ title: t('boards.created'), variant: 'success' }),
  });
  const rename = useMutation('patch', '/api/boards/{boardId}', {
    ...saveOptions,
    onSuccess: () => void toast({ title: t('boards.renamed'), variant: 'success' }),
  });
  const remove = useMutation('delete', '/api/boards/{boardId}', {
    failure: t('boards.deleteFailed'),
    fallback: t('boards.genericError'),
    invalidates: INVALIDATES,
    onSuccess: () => void toast({ title: t('boards.deleted'), variant: 'success' }),
  });
  return { create, rename, remove };
}

/** Put one task on a board or take it off. */
export function useBoardMembership(failure: string) {
  const t = useT();
  const options = { failure, fallback: t('boards.genericError'), invalidates: INVALIDATES };
  const add = useMutation('post', '/api/boards/{boardId}/images', options);
  const remove = useMutation('post', '/api/boards/{boardId}/images/remove', options);
  return {
    pending: add.pending || remove.pending,
    set: (boardId: string, taskId: string, on: boolean) =>
      (on ? add : remove).trigger({ params: { path: { boardId } }, body: { taskIds: [taskId] } }),
  };
}
