import { addTexts } from '../../../i18n/translate.ts';

/**
 * The in-test proctoring texts (namespace 'proctoring'), registered when the proctoring chunk
 * loads so an unmonitored test never downloads them. Spec wording where the spec gives it (§8).
 */
const texts = {
  ok: 'Ok',
  close: 'Close',
  titles: {
    N: 'Face Not Detected',
    M: 'Face Detection Warning',
    O: 'Warning',
    mismatch: 'Identity Verification Issue',
    image: 'Identity Verification Failed',
    violation: 'Violation of Rule !!!',
    camera: 'Warning',
    audio: 'Multiple Speakers Detected',
  },
  messages: {
    N: 'Your face is not visible, please come closer to the camera.',
    M: 'Multiple faces are getting detected, click again to proceed further.',
    O: 'Objects detected in the background. Please clear the area or move to a clean space before starting the test.',
    mismatch: "Your face doesn't match with your registered profile...",
    audio: 'More than one voice was detected. Please make sure you are alone and quiet while taking the test.',
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
