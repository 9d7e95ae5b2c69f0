/** Media by extension (spec section 5). */
export const MEDIA_EXTENSIONS = {
  image: ['jpg', 'jpeg', 'png', 'gif'],
  audio: ['aaf', '3gp', 'mp3'],
  video: ['avi', 'dat', 'flv', 'm1v', 'm2v', 'm4v', 'mov', 'mpeg', 'mpg', 'mpe', 'rm', 'wmv', 'mp4'],
  file: ['ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx', 'pdf'],
} as const;
export type MediaKind = keyof typeof MEDIA_EXTENSIONS;

export function extensionOf(path: string | null | undefined): string {
  if (!path) return '';
  const clean = path.split(/[?#]/)[0] ?? '';
  const dot = clean.lastIndexOf('.');
  return dot < 0 ? '' : clean.slice(dot + 1).toLowerCase();
}

/** The media list a path's extension belongs to, or null. */
export function mediaKind(path: string | null | undefined): MediaKind | null {
  const ext = extensionOf(path);
  if (!ext) return null;
  for (const kind of Object.keys(MEDIA_EXTENSIONS) as MediaKind[]) {
    if ((MEDIA_EXTENSIONS[kind] as readonly string[]).includes(ext)) return kind;
  }
  return null;
}

/** Answer uploads (descriptive questions) accept the image and file lists only. */
export const UPLOAD_EXTENSIONS: readonly string[] = [...MEDIA_EXTENSIONS.image, ...MEDIA_EXTENSIONS.file];
export const isAllowedUpload = (name: string) => UPLOAD_EXTENSIONS.includes(extensionOf(name));

/** Effective upload limit (30 MB; the spec's message says 5MB). */
export const UPLOAD_MAX_BYTES = 30_000_000;
export const UPLOAD_MESSAGES = {
  tooLarge: 'File size must be less than 5MB...',
  uploadFailed: 'File upload failed. Please try again !!!',
  downloadFailed: 'File download failed. Please try again !!!',
  unsupported: 'Your brower does not support this file format.',
} as const;
