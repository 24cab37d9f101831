import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '../../../../common/api/boards';
import { upload } from '../../../api/call';

export interface UploadInput {
  file: File;
  onProgress?: (percent: number) => void;
}

/** POST /api/file/upload (multipart, field 'file'): an item photo, attached when the item is saved. */
export function uploadFile({ file, onProgress }: UploadInput): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<UploadResult>('/api/file/upload', form, { onProgress: (percent) => onProgress?.(percent) });
}

export const useUploadFile = () => useMutation({ mutationFn: uploadFile });
