import { type Ref, useImperativeHandle, useRef } from 'react';

export interface FilePicker {
  open: () => void;
}

interface HiddenFileInputProps {
  ref: Ref<FilePicker>;
  accept: readonly string[];
  multiple?: boolean;
  /** A disabled input cannot be opened at all (spec: the reference input at 5 images). */
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  'data-testid'?: string;
}

/** A file input without its native look, opened by a styled Button; the same file can be chosen twice in a row. */
export function HiddenFileInput({ ref, accept, multiple, disabled, onFiles, ...rest }: HiddenFileInputProps) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ open: () => input.current?.click() }), []);
  return (
    <input
      {...rest}
      ref={input}
      type="file"
      className="ui-visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
      accept={accept.join(',')}
      multiple={multiple}
      disabled={disabled}
      onChange={(event) => {
        onFiles([...(event.target.files ?? [])]);
        event.target.value = '';
      }}
    />
  );
}
