/** The signed-in seller's query key (GET /api/sellAuth/me, me.ts), free of the query hooks so the start's batch can name it. */
export const meKey = ['auth', 'me'] as const;
