import { useT } from '@app/i18n';
import { CopyButton } from '../shared/CopyButton.tsx';

interface CodeBlockProps {
  code: string;
  /** Shown in the bar above a multi-line block, e.g. "curl" or "JSON". */
  caption?: string;
  copyLabel?: string;
  testId?: string;
}

/**
 * Code with a copy button that never covers it: one line sits beside the button,
 * several lines get a bar above them.
 */
export function CodeBlock({ code, caption, copyLabel, testId }: CodeBlockProps) {
  const t = useT();
  const copy = <CopyButton text={code} label={copyLabel ?? t('account.copy')} variant="ghost" className="code-block-copy" />;
  if (!code.includes('\n')) {
    return (
      <div className="code-line">
        <code data-testid={testId}>{code}</code>
        {copy}
      </div>
    );
  }
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span>{caption}</span>
        {copy}
      </div>
      <pre data-testid={testId}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
