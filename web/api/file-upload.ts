import type { UploadResult } from '../../common/api/boards';
import { upload } from './call';

/**
 * POST /api/file/upload (multipart, field 'file'): the stored file, attached to a post, an item,
 * a photo or a product when that is saved (uploads nobody attaches are removed after a day).
 */
export function uploadFile(file: File, onProgress?: (percent: number) => void): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<UploadResult>('/api/file/upload', form, { onProgress: (percent) => onProgress?.(percent) });
}
