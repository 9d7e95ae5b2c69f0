/**
 * The spoken answer (28) and video interview (27) texts. Spec wording, word for word, where the
 * spec gives it (Question views, §4, §8 Warning dialog titles and messages); the rest is ours.
 * Registered by the recording chunk, so a test without recordings never downloads them.
 */
const DEFAULT_MESSAGE = 'An unexpected error occurred. Please try again or contact support if the issue persists.';

export default {
  startRecording: 'Start Recording',
  stopRecording: 'Stop Recording',
  retryRecording: 'Retry Recording',
  retry: 'Retry',
  ok: 'Ok',
  cancel: 'Cancel',
  questionAudio: 'Question audio',
  playQuestionAudio: 'Play question audio',
  audioFailed: 'The question audio could not be loaded. Check your connection and press play again.',
  playsLeft: 'Plays left: {{count}} of 3',
  playLimit: 'Limit reached: Play audio up to 3 times only.',
  yourAnswer: 'Your recorded answer',
  recordingNow: 'Recording',
  elapsed: '{{time}} recorded',
  minimum: 'Record for at least 30 seconds.',
  answered: 'Your answer has been saved.',
  loadingAnswer: 'Loading your recorded answer…',
  checking: 'Checking your recording…',
  videoSaved: 'Video saved successfully !',
  recordedTime: 'Recorded time: {{time}}',
  videoLimit: 'Recording stops by itself at {{limit}}.',
  livePreview: 'Camera preview',
  savedVideo: 'Your saved video',
  confirm: {
    title: 'Start Recording',
    text: 'Your camera and microphone will record your answer. Recording starts after a 3-second countdown and stops by itself at 04.00 min. Are you ready?',
    yes: 'Start',
  },
  countdown: 'Recording starts in {{n}}',
  limit: {
    title: 'Recording Limit',
    text: 'Your answer must be at least 30 seconds long. Please keep recording.',
    keepRecording: 'Keep Recording',
    stopAnyway: 'Stop',
  },
  uploading: {
    title: 'Uploading your answer',
    progress: '{{percent}}% sent',
    offline:
      'The connection dropped. Your recording is kept and continues from where it stopped when the connection returns.',
    messages: [
      'Uploading your recording, please wait…',
      'Please keep this window open.',
      'If the connection drops, the upload continues from where it stopped.',
      'Your answer is checked as soon as it arrives.',
    ],
  },
  stillUploading: 'Your recorded answers are still being uploaded. Keep this page open until this message goes away.',
  warnings: {
    noAudio: {
      title: 'No Audio Detected',
      text: 'No audio was detected in your recording. Please ensure your microphone is working and try again.',
    },
    noSpeech: {
      title: 'No Speech Detected',
      text: 'No speech was heard in your recording. Please speak clearly and try again.',
    },
    highNoise: {
      title: 'Excessive Background Noise',
      text: 'There is too much noise around you. Please move to a quiet place and try again.',
    },
    faceWarning: {
      title: 'Face Detection Warning',
      text: 'Please keep your face in front of the camera while you record.',
    },
    faceNotDetected: {
      title: 'Face Not Detected',
      text: 'Your face could not be seen in the video. Please face the camera and record again.',
    },
    faceNotMatching: {
      title: 'Identity Verification Failed',
      text: "Your face doesn't match with your registered profile...",
    },
    identityWarning: {
      title: 'Identity Verification Issue',
      text: 'Your identity could not be confirmed from the video. Please face the camera in good light and record again.',
    },
    shortDuration: {
      title: 'Duration Too Short',
      text: 'Your recording is shorter than 30 seconds. Please record your answer again.',
    },
    corruptVideo: {
      title: 'Video Upload Error',
      text: 'The uploaded video appears to be corrupted. Please re-record the video.',
    },
    noFacialData: {
      title: 'Facial Analysis Incomplete',
      text: 'The video could not be analysed. Please face the camera and record again.',
    },
    permissionDenied: {
      title: 'Microphone Access Denied',
      text: 'Please allow access to your microphone in the browser (the camera icon in the address bar) and try again.',
    },
    permissionDeniediOS: {
      title: 'Microphone Access Denied',
      text: 'Please allow access to your microphone in Settings > Safari > Microphone and try again.',
    },
    encodingError: {
      title: 'Audio Processing Error',
      text: 'Your recording could not be prepared. Please record again.',
    },
    safariWarning: {
      title: 'Browser Recommendation',
      text: 'Recording does not work in Safari on iPhone. Please use Chrome instead of Safari on iPhone.',
    },
    corruptAudio: { title: 'Warning', text: DEFAULT_MESSAGE },
    noMediaDevice: {
      title: 'Camera and Microphone Required',
      text: 'A working camera and microphone are needed to record your answer. Please connect them, allow access and try again.',
    },
    databaseError: { title: 'Video Not Saved', text: 'Your video could not be saved. Please try again.' },
    multipleFaces: {
      title: 'Multiple faces detected',
      text: 'More than one face was seen in your video. Please record your answer alone.',
    },
    default: { title: 'Warning', text: DEFAULT_MESSAGE },
  },
};
