import { extensionOf } from '@invigil/contracts';

/** Content types of the media Invigil stores, by extension. */
const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  webm: 'video/webm',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  '3gp': 'audio/3gpp',
  ogv: 'video/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  weba: 'audio/webm',
};

const OCTET_STREAM = 'application/octet-stream';

/** The content type a key or file name's extension implies (application/octet-stream when unknown). */
export const contentTypeOf = (name: string): string => BY_EXTENSION[extensionOf(name)] ?? OCTET_STREAM;

/** The content type of a known media extension, or undefined (imported question media: ADR 0151). */
export const knownContentTypeOf = (name: string): string | undefined => BY_EXTENSION[extensionOf(name)];

/** Types a browser shows or plays in place (the rest is always sent as an attachment). */
export const isPlayable = (contentType: string): boolean => /^(image|audio|video)\//.test(contentType);
