import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent } from 'react';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
}

/**
 * An outlined text field like MUI's TextField, without pulling in TextField's Select (and its
 * menu and popover): keeps the login route small on slow links.
 */
export function OutlinedField({ label, name, value, onChange, type = 'text', autoComplete, autoFocus }: Props) {
  const id = useId();
  return (
    <FormControl fullWidth margin="normal" variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        value={value}
        onChange={onChange}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
      />
    </FormControl>
  );
}
