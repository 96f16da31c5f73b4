import { useT } from '@app/i18n';
import { CopyButton } from '../shared/CopyButton.tsx';

interface CodeBlockProps {
  code: string;
  /** Shown in the bar above a multi-line block, e.g. "curl" or "JSON". */
  caption?: string;
  copyLabel?: string;
  /** Names a multi-line block: it scrolls sideways on phones, so it is a focusable region keyboards can scroll. */
  label?: string;
  testId?: string;
}

/**
 * Code with a copy button that never covers it: one line sits beside the button,
 * several lines get a bar above them.
 */
export function CodeBlock({ code, caption, copyLabel, label, testId }: CodeBlockProps) {
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
      {/* biome-ignore lint/a11y/useSemanticElements lint/a11y/noNoninteractiveTabindex: the scrolling element is the <pre>; as a named region keyboards can focus and scroll it (WCAG 2.1.1). */}
      <pre data-testid={testId} tabIndex={0} role="region" aria-label={label ?? caption}>
        <code>{code}</code>
      </pre>
    </div>
  );
}
