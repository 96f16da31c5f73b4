import { useT } from '@app/i18n';
import { Button, type ButtonProps, cx, toast } from '@app/ui';
import { useEffect, useState } from 'react';
import { copyText } from './copyText.ts';

const COPIED_MS = 2000;

interface CopyButtonProps extends Omit<ButtonProps, 'onPress' | 'children' | 'className'> {
  className?: string;
  text: string;
  /** Visible label; "Copy" by default. */
  label?: string;
}

/** Copies `text`, then reads "Copied" for two seconds; a refusal is explained in a toast. */
export function CopyButton({ text, label, variant = 'secondary', size = 'sm', className, ...props }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      {...props}
      className={cx('account-icon-button', className)}
      variant={variant}
      size={size}
      data-copied={copied || undefined}
      onPress={async () => {
        try {
          await copyText(text);
          setCopied(true);
        } catch {
          toast({ title: t('account.copyFailed'), variant: 'error' });
        }
      }}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="copy-icon">
        {copied ? (
          <path d="M4.5 10.5l3.5 3.5 7.5-8" />
        ) : (
          <path d="M7 7V4.5A1.5 1.5 0 0 1 8.5 3h7A1.5 1.5 0 0 1 17 4.5v7a1.5 1.5 0 0 1-1.5 1.5H13M4.5 7h7A1.5 1.5 0 0 1 13 8.5v7a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 15.5v-7A1.5 1.5 0 0 1 4.5 7z" />
        )}
      </svg>
      <span aria-live="polite">{copied ? t('account.copied') : (label ?? t('account.copy'))}</span>
    </Button>
  );
}
