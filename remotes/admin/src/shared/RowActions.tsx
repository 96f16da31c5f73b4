import { useT } from '@app/i18n';
import { Button } from '@app/ui';
import type { ReactNode } from 'react';
import './shared.css';

interface RowActionsProps {
  /** The row's record as people know it, so each button's accessible name says which row it acts on. */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  /** More buttons, placed between Edit and Delete. */
  children?: ReactNode;
}

/** A table row's Edit … Delete buttons. */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  const t = useT();
  return (
    <div className="admin-row-actions">
      <Button size="sm" variant="secondary" onPress={onEdit} aria-label={t('adminManage.editNamed', { name })}>
        {t('adminManage.edit')}
      </Button>
      {children}
      <Button
        size="sm"
        variant="ghost"
        className="admin-danger-text"
        onPress={onDelete}
        aria-label={t('adminManage.deleteNamed', { name })}
      >
        {t('adminManage.delete')}
      </Button>
    </div>
  );
}
