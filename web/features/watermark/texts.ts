// The watermark settings screen's words (docs/product/gallery.md#watermark).
import type { WatermarkPosition } from '../../../common/api/watermark';

export const koWatermark = {
  title: '워터마크와 저작자 정보',
  intro:
    '갤러리에 새로 올리는 사진의 큰 사진과 중간 크기 사진에 넣습니다. 이미 올린 사진은 바뀌지 않습니다. 워터마크 없는 사진은 따로 보관되어 올린 본인만 내려받을 수 있습니다.',
  loading: '워터마크 설정을 불러오는 중입니다…',
  loadFailed: '워터마크 설정을 불러오지 못했습니다.',
  retry: '다시 시도',
  loginPrompt: '워터마크 설정은 로그인한 회원만 볼 수 있습니다.',
  login: '로그인',
  markTitle: '워터마크',
  markSwitch: '갤러리 사진에 워터마크 넣기',
  text: '문구',
  textHint: (nick: string) => `비워 두면 닉네임(${nick})이 들어갑니다. 40자까지 쓸 수 있습니다.`,
  position: '위치',
  opacity: '불투명도',
  opacityValue: (n: number) => `${n}%`,
  preview: '미리 보기',
  creditTitle: '저작자 정보',
  creditSwitch: '사진 파일에 저작자와 저작권 정보 남기기',
  creditHint:
    'EXIF의 Artist와 Copyright 항목입니다. 사진에 원래 있던 값을 쓰고, 없으면 워터마크 문구나 닉네임을 씁니다. 파일 정보에는 영문만 들어가므로 둘 다 한글이면 아이디를 씁니다. 위치 정보를 비롯한 다른 정보는 모두 지웁니다.',
  save: '저장',
  saved: '워터마크 설정을 저장했습니다. 새로 올리는 사진부터 적용됩니다.',
  positions: {
    'top-left': '왼쪽 위',
    top: '위 가운데',
    'top-right': '오른쪽 위',
    left: '왼쪽 가운데',
    center: '가운데',
    right: '오른쪽 가운데',
    'bottom-left': '왼쪽 아래',
    bottom: '아래 가운데',
    'bottom-right': '오른쪽 아래',
  } satisfies Record<WatermarkPosition, string>,
} as const;
