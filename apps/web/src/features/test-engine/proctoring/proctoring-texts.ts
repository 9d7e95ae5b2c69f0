import { addTexts } from '../../../i18n/translate.ts';

/**
 * The in-test proctoring texts (namespace 'proctoring'), registered when the proctoring chunk
 * loads so an unmonitored test never downloads them. Spec wording where the spec gives it (§8).
 */
const texts = {
  ok: 'Ok',
  close: 'Close',
  /** The spec's face warning dialogs (section 2): Face Not Visible, Face not matched, ... */
  titles: {
    N: 'Face Not Visible',
    M: 'Multiple faces detected',
    O: 'Background Check',
    mismatch: 'Face not matched',
    image: 'Face not matched',
    violation: 'Violation of Rule !!!',
    camera: 'Warning',
    audio: 'Multiple Speakers Detected',
  },
  /** A warning (Ok resumes the checks). */
  messages: {
    N: 'Your face is not visible, please come closer to the camera.',
    M: 'Multiple faces are getting detected, click again to proceed further.',
    O: 'Objects detected in the background.',
    mismatch: 'Your photo does not match.',
    audio: 'More than one voice was detected. Please make sure you are alone and quiet while taking the test.',
  },
  /** The problem that stopped the test (the spec's 'You cannot proceed further.' texts). */
  stopMessages: {
    N: 'Your face is not visible, please come closer to the camera.',
    M: 'You cannot proceed further.',
    O: 'Objects detected in the background.',
    mismatch: 'Your photo does not match. You cannot proceed further.',
  },
  photoCount: 'Warning {{count}} of 3. A fourth problem ends the test.',
  audioCount: 'Warning {{count}} of 4. A fifth ends the test.',
  retake: 'Press Ok to take the picture again.',
  violation: 'The proctoring checks found a problem too many times, so your test has been ended.',
  resultsProcessing: 'Your results are being processed. Press Close to go to the dashboard.',
  camera: 'Error Message: Looks like your webcam is NOT working.',
  cameraHelp: 'Check that the camera is connected and not used by another application, then press Ok.',
  cameraView: 'Proctoring camera',
};

addTexts('proctoring', texts);
