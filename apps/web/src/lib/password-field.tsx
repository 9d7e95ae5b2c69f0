import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { OutlinedField } from './outlined-field.tsx';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(e: ChangeEvent<HTMLInputElement>): void;
  autoComplete: string;
  autoFocus?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The show button's name (a toggle: aria-pressed says whether it is shown) and the caps lock hint. */
  texts: { show: string; capsLock: string };
}

/**
 * A password field a user can check before sending: a show/hide button (a toggle, after the
 * field in the Tab order) and a hint while Caps Lock is on, read out with the field.
 */
export function PasswordField({ texts, ...field }: Props) {
  const [shown, setShown] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const onKeyEvent = (e: KeyboardEvent<HTMLInputElement>) => {
    if (typeof e.getModifierState === 'function') setCapsLock(e.getModifierState('CapsLock'));
  };
  return (
    <OutlinedField
      {...field}
      type={shown ? 'text' : 'password'}
      onKeyEvent={onKeyEvent}
      onBlur={() => setCapsLock(false)}
      hint={capsLock ? texts.capsLock : undefined}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={texts.show}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
            onMouseDown={(e) => e.preventDefault()}
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
