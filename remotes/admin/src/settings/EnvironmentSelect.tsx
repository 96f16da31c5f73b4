import { useId } from 'react';

interface EnvironmentSelectProps<V extends string> {
  name: string;
  label: string;
  options: ReadonlyArray<{ id: V; label: string }>;
  value: V;
  onChange: (value: V) => void;
}

/**
 * A payment provider's environment (test or live): a native select over two fixed values. Native on
 * purpose: the phone's own picker, full accessibility, and none of a custom listbox's weight on the
 * settings page, which /admin opens on.
 */
export function EnvironmentSelect<V extends string>({ name, label, options, value, onChange }: EnvironmentSelectProps<V>) {
  const id = useId();
  return (
    <div className="ui-Field">
      <label className="ui-Label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-Input admin-select"
        name={name}
        value={value}
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
