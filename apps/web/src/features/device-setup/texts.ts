/** The device setup's texts. Those quoted in the spec (§8 "Microphone and camera") are word for word. */
export const TEXTS = {
  title: 'Device Setup',
  audioSetup: 'Audio Setup',
  cameraSetup: 'Camera Setup',
  // §8 permission / access denied
  accessMandatory:
    'Web cam / Microphone access is mandatory for this Assessment. We regret to inform you that you cannot proceed ahead with the test!',
  permissionTitle: 'Permissions Required',
  permissionBody: 'You need to allow camera and/or microphone permissions to proceed.',
  deniedComputed:
    'Camera or microphone access was denied. Please enable permissions in your device or browser settings.',
  ok: 'OK',
  // §8 error pages
  webcamError: 'Error Message: Looks like your webcam is NOT working.',
  micError: 'Error Message: Looks like your Microphone is NOT working.',
  back: 'Back',
  // microphone test
  micIntro: 'Speak into your microphone, for example say your name, after pressing the button.',
  startMicTest: 'Test Microphone',
  micTesting: 'Listening… please speak now.',
  micSuccess: 'Your microphone is working.',
  noSound: 'No sound detected',
  retryMic: 'Test Again',
  continueToCamera: 'Continue to Camera Test',
  // our own wording (the spec gives none): the voice sample for the speaker check's baseline
  voiceSample: 'Please read this sentence aloud in your normal voice:',
  voiceSentence:
    'I am taking this assessment on my own, and nobody else will speak in this room until I have finished.',
  // §8 shared strings
  enableMicFirst: 'Please enable access for microphone then you will capture the image.',
  waitForAi: 'Please wait till our AI detects your face',
  noFace: 'Your face is not visible, please come closer to the camera.',
  multipleFaces: 'Multiple faces are getting detected, click again to proceed further.',
  configured: 'Webcam has been configured successfully.',
  objects:
    'Objects detected in the background. Please clear the area or move to a clean space before starting the test.',
  // §8 save primary image
  primarySaved: 'Primary image successfully detected and uploaded!',
  primaryFailed: 'Failed to save primary image.',
  primaryError: 'Error saving primary image.',
  analysisError: 'Error during facial analysis.',
  captureImage: 'Capture Image',
  clickAgain: 'Click Again',
  proceed: 'Proceed',
  cameraIntro: 'Look straight at the camera with only your face in the picture, then capture the image.',
} as const;

/** 'No sound detected' comes with four checks (spec §8). */
export const NO_SOUND_CHECKS = [
  'Check that your microphone is connected and not muted.',
  'Check that this browser is allowed to use the microphone.',
  'Check that the right microphone is selected in your system settings.',
  'Speak louder or move closer to the microphone, then test again.',
] as const;

/** Troubleshooting steps per cause (spec §8: denied, no device, other). */
export const TROUBLESHOOTING = {
  denied: [
    'Click the camera or lock icon in the address bar and choose Allow for the camera and microphone.',
    'On a phone, open the browser settings, then Site settings, and allow the camera and microphone.',
    'Go Back and start the test again.',
  ],
  noDevice: [
    'Connect a camera and a microphone to this device (or switch on the built-in ones).',
    'Close other applications that may be using them.',
    'Go Back and start the test again.',
  ],
  other: [
    'Close other applications or browser tabs that may be using the camera or microphone.',
    'Reload the page or restart the browser.',
    'Try another supported browser (Chrome above 55 or Mozilla above 50).',
    'Go Back and start the test again.',
  ],
} as const;
export type TroubleCause = keyof typeof TROUBLESHOOTING;
