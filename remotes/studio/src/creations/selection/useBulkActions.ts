import { useMutation } from '@app/api-client';
import { useT } from '@app/i18n';
import { toast } from '@app/ui';

/** Hands a same-origin address to the browser as a download: it streams the file to disk, never into this page. */
function saveFrom(url: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Download as ZIP and Delete for the chosen tasks. */
export function useBulkActions() {
  const t = useT();
  const archive = useMutation('post', '/api/image-tasks/archives', {
    failure: t('studioBulk.zipFailed'),
    fallback: t('studio.genericError'),
    onSuccess: (link) => saveFrom(link.url),
  });
  const remove = useMutation('post', '/api/image-tasks/delete', {
    failure: t('studioBulk.deleteFailed'),
    fallback: t('studio.genericError'),
    invalidates: ['/api/image-tasks', '/api/user/stats'],
    onSuccess: ({ deleted }) => toast({ title: t('studioBulk.deletedImages', { count: deleted }), variant: 'success' }),
  });
  return {
    download: (taskIds: string[]) => archive.trigger({ body: { taskIds } }),
    downloading: archive.pending,
    remove: (taskIds: string[]) => remove.trigger({ body: { taskIds } }),
  };
}
