import { Spinner } from '@app/ui';

/** Centered while the first current-user answer is on its way. */
export function PageSpinner() {
  return (
    <div className="account-page-spinner">
      <Spinner size="lg" />
    </div>
  );
}
