/** The spec's localStorage keys (spec §9): the raw bearer token and the stored user as JSON. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
