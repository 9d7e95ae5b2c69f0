import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { QTYPE, type QuestionItem } from '@invigil/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { MediaResource } from './media-resource.tsx';
import { TranslatedText } from './translated-text.tsx';

/** 'Q.n of N' with a hover popover showing the question id, the passage, the text and the resource. */
export function QuestionFrame({
  item,
  number,
  total,
  children,
}: {
  item: QuestionItem;
  number: number;
  total: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('testEngine');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hasPassage = !!(item.passageheader || item.passagetext || item.passageImage);
  return (
    <Box component="section" aria-labelledby={`q-${item.qid}-label`}>
      {hasPassage && (
        <Paper variant="outlined" sx={{ p: 2, mb: 2, bgcolor: 'action.hover' }} aria-label={t('passage')}>
          {item.passageheader && (
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              <TranslatedText inline english={item.passageheader} translated={item.translated_passageheader} />
            </Typography>
          )}
          {item.passagetext && <TranslatedText english={item.passagetext} translated={item.translated_passagetext} />}
          <MediaResource path={item.passageImageURL || item.passageImage} label={item.passageheader || t('passage')} />
        </Paper>
      )}
      <Typography
        id={`q-${item.qid}-label`}
        variant="subtitle2"
        component="h2"
        color="primary"
        sx={{ display: 'inline-block', cursor: 'default', mb: 1 }}
        onMouseEnter={(e) => setAnchor(e.currentTarget)}
        onMouseLeave={() => setAnchor(null)}
        onFocus={(e) => setAnchor(e.currentTarget)}
        onBlur={() => setAnchor(null)}
        tabIndex={0}
        aria-describedby={`q-${item.qid}-id`}
      >
        {t('qOfN', { n: number, total })}
      </Typography>
      {/* A Popper, not a modal Popover: that hid the test from assistive technology while shown
          and took the focus, so Tab from 'Q.n of N' went back to the top of the test. */}
      <Popper
        open={!!anchor}
        anchorEl={anchor}
        placement="bottom-start"
        sx={{ pointerEvents: 'none', zIndex: (theme) => theme.zIndex.tooltip }}
      >
        <Paper elevation={4}>
          <Typography sx={{ p: 1 }} variant="body2">
            {t('questionId', { id: item.qid })}
          </Typography>
        </Paper>
      </Popper>
      <span id={`q-${item.qid}-id`} hidden>
        {t('questionId', { id: item.qid })}
      </span>
      <Box sx={{ fontSize: '1.05rem', mb: 1 }}>
        <TranslatedText english={item.qtext} translated={item.translated_qtext} />
      </Box>
      {/* A spoken answer's question audio is its view's own player (at most 3 plays). */}
      {item.qtypecode !== QTYPE.spokenAnswer && (
        <MediaResource
          path={item.question_resource_url || item.qresourcepath}
          label={t('qOfN', { n: number, total })}
        />
      )}
      <Box sx={{ mt: 2 }}>{children}</Box>
    </Box>
  );
}
