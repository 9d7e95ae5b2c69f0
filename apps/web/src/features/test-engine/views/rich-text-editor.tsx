import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';

/** A small rich-text editor (loaded lazily): bold, italic, underline and lists; the value is sanitised HTML. */
export default function RichTextEditor({
  value,
  onChange,
  disabled,
  label,
}: {
  value: string;
  onChange(html: string): void;
  disabled: boolean;
  label: string;
}) {
  const { t } = useTranslation('testEngine');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.innerHTML !== value) el.innerHTML = sanitizeHtml(value);
  }, [value]);
  const emit = () => ref.current && onChange(sanitizeHtml(ref.current.innerHTML));
  const cmd = (name: string) => {
    ref.current?.focus();
    document.execCommand(name);
    emit();
  };
  const tools: Array<[string, string, typeof FormatBoldIcon]> = [
    ['bold', t('bold'), FormatBoldIcon],
    ['italic', t('italic'), FormatItalicIcon],
    ['underline', t('underline'), FormatUnderlinedIcon],
    ['insertUnorderedList', t('bulletList'), FormatListBulletedIcon],
    ['insertOrderedList', t('numberedList'), FormatListNumberedIcon],
  ];
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Box role="toolbar" aria-label={label} sx={{ borderBottom: 1, borderColor: 'divider', px: 0.5 }}>
        {tools.map(([name, title, Icon]) => (
          <Tooltip key={name} title={title}>
            <span>
              <IconButton
                size="small"
                aria-label={title}
                disabled={disabled}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => cmd(name)}
              >
                <Icon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        ))}
      </Box>
      <Box
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        sx={{
          minHeight: 180,
          p: 1.5,
          outline: 'none',
          '&:focus': { boxShadow: (th) => `inset 0 0 0 2px ${th.palette.primary.main}` },
          '& p': { my: 0.5 },
        }}
      />
    </Box>
  );
}
