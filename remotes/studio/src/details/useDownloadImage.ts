import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useState } from 'react';
import { downloadName } from '../images/fileNames.ts';
import { fetchThroughProxy, ProxyFetchError } from '../images/proxyImage.ts';
import type { ImageTask } from '../tasks/types.ts';
import { saveBlob } from './saveBlob.ts';

/**
 * Downloads a task's image through the proxy (the HD version when one exists) and reports the
 * outcome in a toast. `isDownloading` keeps the button busy meanwhile.
 */
export function useDownloadImage() {
  const t = useT();
  const [isDownloading, setDownloading] = useState(false);

  async function download(task: ImageTask) {
    const url = task.hdImageUrl ?? task.resultUrls[0];
    if (!url) return;
    setDownloading(true);
    try {
      const blob = await fetchThroughProxy(url);
      const filename = downloadName(task.taskId, blob.type);
      saveBlob(blob, filename);
      toast({ title: t('studio.downloadDone'), description: t('studio.downloadDoneBody', { filename }), variant: 'success' });
    } catch (error) {
      const description =
        error instanceof ProxyFetchError
          ? t('studio.fetchImageFailed', { status: error.status, text: error.statusText })
          : error instanceof Error && error.message
            ? error.message
            : t('studio.downloadFailedBody');
      toast({ title: t('studio.downloadFailed'), description, variant: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  return { download, isDownloading };
}
