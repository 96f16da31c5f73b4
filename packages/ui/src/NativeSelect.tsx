import { useId } from 'react';
import './NativeSelect.css';

export interface NativeSelectOption<V extends string> {
  id: V;
  label: string;
}

export interface NativeSelectProps<V extends string> {
  label: string;
  name: string;
  options: ReadonlyArray<NativeSelectOption<V>>;
  value: V;
  onChange: (value: V) => void;
  isDisabled?: boolean;
}

/**
 * A labelled native select over a fixed list of string values, typed by those values. Native on purpose: the
 * phone's own picker, full accessibility, and none of the custom listbox's weight (`@app/ui/select`, React Aria)
 * on the page. Its own entry, outside the shared kit, so only the pages that render it carry its few bytes.
 * The field, label and input look come from the kit's `Field.css`, which every page has.
 */
export function NativeSelect<V extends string>({ label, name, options, value, onChange, isDisabled }: NativeSelectProps<V>) {
  const id = useId();
  return (
    <div className="ui-Field">
      <label className="ui-Label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-Input ui-NativeSelect"
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
