// The share controls of one thing, an image (in Image Details) or a board (on its page): its public link, read and
// changed through that thing's share call. An image and a board differ only in the call's path and id.
import { useMutation, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { type ShareCalls, SharePanel, WithShareWords } from './SharePanel.tsx';

/** What a link shares: one completed image, or a board. */
export type ShareTarget = { kind: 'image'; taskId: string } | { kind: 'board'; boardId: string };

const IMAGE_PATH = '/api/image-tasks/{taskId}/share';
const BOARD_PATH = '/api/boards/{boardId}/share';

/** The share panel of `target`; its words load on first show. */
export function ShareControls({ target }: { target: ShareTarget }) {
  return (
    <WithShareWords>
      <TargetPanel target={target} />
    </WithShareWords>
  );
}

function TargetPanel({ target }: { target: ShareTarget }) {
  return <SharePanel kind={target.kind} calls={useShareCalls(target)} />;
}

/**
 * The call's path and init for `target`. Both paths take one id and answer the same `Share`, but the typed client
 * cannot call a union of paths: the board's call is typed as the image's, its init naming the id its own path needs.
 */
function callOf(target: ShareTarget) {
  const call =
    target.kind === 'image'
      ? { path: IMAGE_PATH, init: { params: { path: { taskId: target.taskId } } } }
      : { path: BOARD_PATH, init: { params: { path: { boardId: target.boardId } } } };
  return call as { path: typeof IMAGE_PATH; init: { params: { path: { taskId: string } } } };
}

/** The link and its changes; each change writes its answer into the cached link, so the panel follows at once. */
function useShareCalls(target: ShareTarget): ShareCalls {
  const t = useT();
  const { path, init } = callOf(target);
  const state = useQuery(path, init);
  const options = { failure: t('share.failed'), fallback: t('share.genericError') };
  const save = useMutation('put', path, {
    ...options,
    onSuccess: (share) => {
      if (!state.data?.share) toast({ title: t('share.created'), variant: 'success' });
      return state.mutate({ share }, { revalidate: false });
    },
  });
  const stop = useMutation('delete', path, {
    ...options,
    onSuccess: () => {
      toast({ title: t('share.stopped'), variant: 'success' });
      return state.mutate({ share: null }, { revalidate: false });
    },
  });
  return {
    share: state.data?.share,
    pending: save.pending || stop.pending,
    save: (showPrompt) => save.trigger({ ...init, body: { showPrompt } }),
    stop: () => stop.trigger(init),
  };
}
