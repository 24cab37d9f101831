// The installed app's words: the new-version bar (web/app/update-prompt.tsx).
export const koPwa = {
  update: {
    region: '새 버전 알림',
    message: '새 버전이 있습니다',
    detail: '새로 고치면 바로 적용됩니다.',
    reload: '새로 고침',
    later: '나중에',
  },
} as const;
