import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEvent, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** Marks the field wrong for screen readers (`aria-invalid`), e.g. while a sign-in error shows. */
  invalid?: boolean;
  /** Id of an element outside the field that describes it (the error alert). */
  describedBy?: string;
  /** A hint under the field, read with it (caps lock). */
  hint?: string;
  /** An e-mail style username: no capital first letter, no spell check on phones. */
  plain?: boolean;
  endAdornment?: ReactNode;
  onKeyEvent?(e: KeyboardEvent<HTMLInputElement>): void;
  onBlur?(): void;
}

/**
 * An outlined text field like MUI's TextField, without pulling in TextField's Select (and its
 * menu and popover): keeps the login route small on slow links.
 */
export function OutlinedField({
  label,
  name,
  value,
  onChange,
  type = 'text',
  autoComplete,
  autoFocus,
  invalid,
  describedBy,
  hint,
  plain,
  endAdornment,
  onKeyEvent,
  onBlur,
}: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const described = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
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
        onKeyDown={onKeyEvent}
        onKeyUp={onKeyEvent}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        endAdornment={endAdornment}
        inputProps={{
          'aria-invalid': invalid || undefined,
          'aria-describedby': described,
          // `spellcheck` as the DOM property (Preact sets `spellCheck={false}` as no attribute at all).
          ...(plain ? { autoCapitalize: 'none', autoCorrect: 'off', spellcheck: false } : {}),
        }}
      />
      {hint && (
        <FormHelperText id={hintId} role="status">
          {hint}
        </FormHelperText>
      )}
    </FormControl>
  );
}
