// The EXIF line's words (web/ui/exif-line.tsx) and the photo viewer's, kept beside ko.ts so that
// they load with the pages that show a large photo and not with every page's first load.

/** The labels of the EXIF line under a large photo (web/ui/exif-line.tsx). */
export const koPhotoInfo = {
  label: '촬영 정보',
  camera: '카메라',
  lens: '렌즈',
  exposure: '촬영 설정',
  takenAt: '촬영일',
} as const;

/** The full-screen photo viewer (web/ui/photo-viewer.tsx) and the photos of a post that open it. */
export const koPhotoViewer = {
  loading: '사진 보기를 여는 중입니다…',
  /** A photo of a post or a comment, as the control that opens the viewer (with its own words, when it has some). */
  openPhoto: (n: number, alt = '') => (alt ? `사진 ${n} 크게 보기 (${alt})` : `사진 ${n} 크게 보기`),
  /** A photo without words of its own, in the viewer. */
  photoAlt: (n: number) => `사진 ${n}`,
  labels: {
    Previous: '이전 사진',
    Next: '다음 사진',
    Close: '닫기 (Esc)',
    'Zoom in': '확대',
    'Zoom out': '축소',
    'Show captions': '설명 보이기',
    'Hide captions': '설명 숨기기',
    Lightbox: '사진 크게 보기',
    Carousel: '사진',
    Slide: '사진',
    'Photo gallery': '사진',
    Caption: '사진 설명',
    '{index} of {total}': '{total}장 중 {index}번째',
  },
} as const;
