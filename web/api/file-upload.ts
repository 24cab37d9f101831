import type { UploadResult } from '../../common/api/boards';
import { upload } from './call';

/** A photo by its type, or by its name: desktops often send a HEIC with no type (the server decides by its bytes). */
export const isPhotoFile = (file: File) => file.type.startsWith('image/') || /\.hei[cf]$/i.test(file.name);

/**
 * POST /api/file/upload (multipart, field 'file'): the stored file, attached to a post, an item,
 * a photo or a product when that is saved (uploads nobody attaches are removed after a day).
 * `forGallery`: a gallery item's photo, which gets the member's watermark when they turned it on.
 */
export function uploadFile(file: File, onProgress?: (percent: number) => void, forGallery = false): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<UploadResult>(forGallery ? '/api/file/upload?for=gallery' : '/api/file/upload', form, { onProgress: (percent) => onProgress?.(percent) });
}
