import recording from '../../../i18n/recording.ts';
import { addTexts } from '../../../i18n/translate.ts';

/** The recording texts (namespace 'recording'), registered when the recording chunk loads. */
addTexts('recording', recording);
