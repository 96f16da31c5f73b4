// Image Details' share controls: the image's public link (`/api/image-tasks/{taskId}/share`).
import { useMutation, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { SharePanel, WithShareWords } from '../share/SharePanel.tsx';

const PATH = '/api/image-tasks/{taskId}/share';

/** The share panel of one completed image. */
export function ShareImage({ taskId }: { taskId: string }) {
  return (
    <WithShareWords>
      <ShareImagePanel taskId={taskId} />
    </WithShareWords>
  );
}

/** Each change writes its answer into the cached link, so the panel follows at once without asking again. */
function ShareImagePanel({ taskId }: { taskId: string }) {
  const t = useT();
  const init = { params: { path: { taskId } } };
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
      kind="image"
      calls={{
        share: state.data?.share,
        pending: save.pending || stop.pending,
        save: (showPrompt) => save.trigger({ ...init, body: { showPrompt } }),
        stop: () => stop.trigger(init),
      }}
    />
  );
}
