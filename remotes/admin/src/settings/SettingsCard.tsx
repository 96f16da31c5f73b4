import { useT } from '@app/i18n';
import { Button, Card, Form } from '@app/ui';
import type { FormEvent, ReactNode } from 'react';
import './settings.css';

interface SettingsCardProps {
  /** Becomes the card's id and test id, e.g. `settings-paypal`. */
  id: string;
  title: string;
  description: string;
  /** Status badge next to the title (Enabled / Disabled). */
  badge?: ReactNode;
  onSubmit: () => void;
  pending: boolean;
  /** The server's field messages from the last failed save. */
  fieldErrors: Record<string, string>;
  submitLabel?: string;
  /** Buttons after Save (the Telegram test). */
  extraActions?: ReactNode;
  children: ReactNode;
}

/** One settings form in its own card with its own Save button. */
export function SettingsCard({
  id,
  title,
  description,
  badge,
  onSubmit,
  pending,
  fieldErrors,
  submitLabel,
  extraActions,
  children,
}: SettingsCardProps) {
  const t = useT();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card className="admin-settings-card" data-testid={id} aria-labelledby={`${id}-title`} role="region">
      <div className="admin-settings-card-head">
        <h3 id={`${id}-title`}>{title}</h3>
        {badge}
      </div>
      <p className="admin-settings-card-description ui-muted">{description}</p>
      <Form onSubmit={submit} validationErrors={fieldErrors} className="admin-settings-form">
        {children}
        <div className="admin-settings-actions">
          <Button type="submit" isPending={pending}>
            {submitLabel ?? t('admin.save')}
          </Button>
          {extraActions}
        </div>
      </Form>
    </Card>
  );
}
