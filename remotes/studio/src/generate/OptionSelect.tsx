import { Select, SelectItem } from '@app/ui/select';

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

/** A Select over a fixed list of string values, typed by those values. */
export function OptionSelect<V extends string>({ label, name, options, value, onChange, isDisabled }: OptionSelectProps<V>) {
  return (
    <Select
      label={label}
      name={name}
      value={value}
      isDisabled={isDisabled}
      onChange={(key) => {
        const next = options.find((option) => option.id === key);
        if (next) onChange(next.id);
      }}
    >
      {options.map((option) => (
        <SelectItem key={option.id} id={option.id}>
          {option.label}
        </SelectItem>
      ))}
    </Select>
  );
}
