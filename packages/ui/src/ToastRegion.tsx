import { useT } from '@app/i18n';
import {
  UNSTABLE_ToastRegion as AriaToastRegion,
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContentSlot,
} from 'react-aria-components';
import { Link } from './Link.tsx';
import { toastQueue } from './toast.ts';
import './Toast.css';

/** Renders the shared toast queue. Mount it once, in the host. */
export function ToastRegion() {
  const t = useT();
  return (
    <AriaToastRegion queue={toastQueue} className="ui-ToastRegion" aria-label={t('common.notifications')}>
      {({ toast }) => (
        <Toast toast={toast} className="ui-Toast" data-variant={toast.content.variant ?? 'info'}>
          <ToastContentSlot className="ui-Toast-content">
            <Text slot="title" className="ui-Toast-title">
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="ui-Toast-description">
                {toast.content.description}
              </Text>
            )}
            {toast.content.action && (
              <Link href={toast.content.action.href} className="ui-Toast-action" onPress={() => toastQueue.close(toast.key)}>
                {toast.content.action.label}
              </Link>
            )}
          </ToastContentSlot>
          <Button slot="close" className="ui-Toast-close" aria-label={t('common.dismiss')}>
            ×
          </Button>
        </Toast>
      )}
    </AriaToastRegion>
  );
}
