/** The public settings' query key (GET /api/systemSettings/getPublicConfig, public-config.ts), free of the query hooks so the start's batch can name it. */
export const publicConfigKey = ['system', 'publicConfig'] as const;
