import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '../../../../common/api/boards';
import { upload } from '../../../api/call';

/** POST /api/file/upload (multipart, field 'file'): a stored picture, attached when the product is saved. */
export function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<UploadResult>('/api/file/upload', form);
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
