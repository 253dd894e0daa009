/** Query keys of the shop's settings; a save refreshes them and "who am I" (the header). */
export const shopSettingsKeys = {
  all: ['shopSettings'] as const,
  info: () => [...shopSettingsKeys.all, 'info'] as const,
};
