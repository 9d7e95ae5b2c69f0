import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { displayTexts } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useEngineState } from '../engine-context.ts';
import { RichHtml } from './rich-html.tsx';

/** A text in the chosen language, '( Translation not available )' when missing, English alongside when include_english is 1. */
export function TranslatedText({
  english,
  translated,
  inline = false,
}: {
  english: string;
  translated: string | null | undefined;
  inline?: boolean;
}) {
  const { t } = useTranslation('testEngine');
  const { detail } = useEngineState();
  const d = displayTexts(english, translated, detail?.selectedLanguage ?? 'en-IN', detail?.include_english ?? 0);
  if (inline) {
    return (
      <Box component="span">
        {d.missing ? (
          <Box component="span" sx={{ fontStyle: 'italic' }}>
            {d.primary}
          </Box>
        ) : (
          <RichHtml component="span" html={d.primary} />
        )}
        {d.english && (
          <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
            ({<RichHtml component="span" html={d.english} />})
          </Box>
        )}
      </Box>
    );
  }
  return (
    <Box>
      {d.missing ? <Typography sx={{ fontStyle: 'italic' }}>{d.primary}</Typography> : <RichHtml html={d.primary} />}
      {d.english && (
        <Box sx={{ mt: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }} lang="en">
          <Typography variant="caption" component="div">
            {t('english')}
          </Typography>
          <RichHtml html={d.english} />
        </Box>
      )}
    </Box>
  );
}
