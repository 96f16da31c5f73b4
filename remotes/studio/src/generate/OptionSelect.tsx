import { useId } from 'react';

export interface Option<V extends string> {
  id: V;
  label: string;
}

interface OptionSelectProps<V extends string> {
  label: string;
  name: string;
  options: ReadonlyArray<Option<V>>;
  value: V;
  onChange: (value: V) => void;
  isDisabled?: boolean;
}

/**
 * A native select over a fixed list of string values, typed by those values. Native on purpose: the
 * phone's own picker, full accessibility, and none of a custom listbox's weight on the studio's first paint.
 */
export function OptionSelect<V extends string>({ label, name, options, value, onChange, isDisabled }: OptionSelectProps<V>) {
  const id = useId();
  return (
    <div className="ui-Field studio-select">
      <label className="ui-Label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-Input studio-select-input"
        name={name}
        value={value}
        disabled={isDisabled}
        onChange={(event) => {
          const next = options.find((option) => option.id === event.target.value);
          if (next) onChange(next.id);
        }}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
