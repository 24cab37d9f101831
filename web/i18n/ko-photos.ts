// The EXIF line's words (web/ui/exif-line.tsx), kept beside ko.ts so that they load with the pages
// that show a large photo and not with every page's first load.

/** The labels of the EXIF line under a large photo (web/ui/exif-line.tsx). */
export const koPhotoInfo = {
  label: '촬영 정보',
  camera: '카메라',
  lens: '렌즈',
  exposure: '촬영 설정',
  takenAt: '촬영일',
} as const;
