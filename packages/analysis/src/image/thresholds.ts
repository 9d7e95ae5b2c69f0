/**
 * Decision thresholds, tuned on the evaluation set in packages/analysis/eval
 * (see docs/proctoring-accuracy.md for the figures behind each value).
 */
export const thresholds = {
  /** a detection counts as a face only if the face mesh confirms it (mesh score) */
  faceMeshMin: 0.6,
  /** and the detector's own box score */
  faceBoxMin: 0.3,
  /**
   * a face whose box is at least largeFaceShare of the picture's larger side (66 px of 550) needs
   * largeFaceBoxMin: every real face that large scored 0.6 or more on the tuned-on sets, an orange
   * toy wheel on a desk 0.35 (ADR 0219)
   */
  largeFaceShare: 0.12,
  largeFaceBoxMin: 0.5,
  /**
   * a face found only by the closer look (enlarged tiles) needs a clearer detection: enlarging
   * also enlarges textures (a shuttle model behind the candidate scored 0.39 there)
   */
  closerBoxMin: 0.5,
  /**
   * the second look (ADR 0105, 0225): detections of FaceBoxes at or above faceBoxesMin (and of SSD
   * MobileNet v1 at or above ssdMin, when no face was found) are candidates, and at most
   * secondMaxConfirm of them (surest first) are confirmed by Human: 8 left crowds short by up to 17
   * faces, 16 costs at most about half a second more on a crowd (ADR 0225). FaceBoxes from 0.25
   * (was 0.3): a 24 px person at the back scored 0.28, and Human confirms what is there; at 0.2
   * Human confirmed a squirrel's body (0.21), and the original 93 pictures gave 35 more candidates
   * to confirm instead of 2 (ADR 0234)
   */
  ssdMin: 0.3,
  faceBoxesMin: 0.25,
  secondMaxConfirm: 16,
  /**
   * a candidate of the second look this small (larger side, px) that the wide crop did not confirm
   * is looked at again in a close crop (closer-look.ts); above 24 px the close crop is about as wide
   * as the wide one (ADR 0234)
   */
  closeLookMaxPx: 24,
  /**
   * in a crowd (at least crowdMinFaces faces confirmed, so a lone candidate never pays for it nor
   * gains a face from it), a small candidate (closeLookMaxPx) of FaceBoxes at crowdFaceBoxesMin or
   * more that Human refused in both crops counts when MediaPipe's short-range BlazeFace, on the close
   * crop, is at least crowdFrontMin sure of it (front-faces.ts, ADR 0236). On the tuned-on sets real
   * faces so refused scored 0.32-0.92 on it, painted heads 0.40-0.87: the score alone tells nothing,
   * which is why it is only heard in a picture that already has two faces (whose verdict is then
   * "multiple faces" anyway) and why wall art is still dropped against the primary picture
   */
  crowdMinFaces: 2,
  crowdFaceBoxesMin: 0.5,
  crowdFrontMin: 0.8,
  /**
   * a face too small for the mesh to judge (larger side at most ssdTrustMaxPx) is kept on the
   * second detector's word alone when it is this sure of it (ADR 0217); the mesh's score of a face
   * of 11-14 px swings from 0.2 to 0.9 with the crop, SSD was trained on such faces
   */
  ssdTrustMin: 0.85,
  ssdTrustMaxPx: 24,
  /**
   * with any colour around a face (at least this share of pixels away from grey in its box widened
   * twice), it needs at least faceSkinMin of skin-toned pixels in the middle of its box; only a face
   * in grey surroundings (greyscale camera, black-and-white photo) is exempt
   */
  colourAroundMin: 0.05,
  faceSkinMin: 0.1,
  /** the largest gain the grey-world white balance may give a colour channel (skin-tone.ts) */
  maxWhiteBalanceGain: 1.6,
  /**
   * a face other than the largest is part of the room (a painting, poster, photo on the wall) when
   * its neighbourhood matches the same place of the primary picture taken at setup with at least this
   * normalised cross-correlation, the camera allowed to have moved by staticShiftPx (static-faces.ts).
   * Wall art scores 0.977-0.999 on the tuned-on sets; a real person of 17 px at the back, whose box
   * is mostly the room around them, 0.918 (was under 0.9 until then: ADR 0225)
   */
  staticNccMin: 0.95,
  staticShiftPx: 6,
  /** cosine similarity of faceres embeddings at or above which two faces are the same person */
  matchCosine: 0.6,
  /**
   * a face is framed well enough to judge who it is (face-framing.ts) when less than identityCutMax
   * of its box lies past the picture's edge and its box is at least identityFaceMinPx wide. Of the
   * evaluation's honest candidates refused as another person, one leaned 18 % of the face out of
   * the picture (cosine 0.47-0.57 against their own pictures) and one sat back to a 44 px face;
   * every genuine pair of faces framed by this rule matched (held-out 43/43, tuned-on 95/95; ADR 0244)
   */
  identityCutMax: 0.15,
  identityFaceMinPx: 48,
  /** minimum centernet score for a background object */
  objectMin: 0.3,
  /** antispoof ("real") and liveness scores under which a picture is flagged */
  realMin: 0.5,
  liveMin: 0.5,
};

/**
 * COCO labels that matter in an exam room: what a candidate could read from or ask with (a phone, a
 * book, a second computer or screen; centernet often names a phone in a hand "remote"). A keyboard
 * and a mouse are not among them: they are the candidate's own, and a desktop's webcam sees them
 * (ADR 0224: 15 of 22 desk pictures had one, each an "Objects detected" for an honest candidate).
 * People are not objects (faces are counted separately); furniture and the like are ignored.
 */
export const SUSPICIOUS_OBJECTS = new Set(['cell phone', 'book', 'laptop', 'remote', 'tv']);
