// A board page's share controls: the board's public link (`/api/boards/{boardId}/share`).
import { useMutation, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { SharePanel, WithShareWords } from '../share/SharePanel.tsx';

const PATH = '/api/boards/{boardId}/share';

/** The share panel of one board. */
export function ShareBoard({ boardId }: { boardId: string }) {
  return (
    <WithShareWords>
      <ShareBoardPanel boardId={boardId} />
    </WithShareWords>
  );
}

/** Each change writes its answer into the cached link, so the panel follows at once without asking again. */
function ShareBoardPanel({ boardId }: { boardId: string }) {
  const t = useT();
  const init = { params: { path: { boardId } } };
  const state = useQuery(PATH, init);
  const options = { failure: t('share.failed'), fallback: t('share.genericError') };
  const save = useMutation('put', PATH, {
    ...options,
    onSuccess: (share) => {
      if (!state.data?.share) toast({ title: t('share.created'), variant: 'success' });
      return state.mutate({ share }, { revalidate: false });
    },
  });
  const stop = useMutation('delete', PATH, {
    ...options,
    onSuccess: () => {
      toast({ title: t('share.stopped'), variant: 'success' });
      return state.mutate({ share: null }, { revalidate: false });
    },
  });
  return (
    <SharePanel
      kind="board"
      calls={{
        share: state.data?.share,
        pending: save.pending || stop.pending,
        save: (showPrompt) => save.trigger({ ...init, body: { showPrompt } }),
        stop: () => stop.trigger(init),
      }}
    />
  );
}
