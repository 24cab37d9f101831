import type { UploadResult } from '../../../../common/api/boards';
import { upload } from '../../../api/call';

/** POST /api/file/upload (multipart, field 'file'): the stored photo, attached when the item is saved. */
export function uploadPhoto(file: File, onProgress: (percent: number) => void): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<UploadResult>('/api/file/upload', form, { onProgress });
}
