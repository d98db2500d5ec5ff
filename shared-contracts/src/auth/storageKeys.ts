/** The product's localStorage keys (docs/product.md#constants): the raw bearer token and the stored user as JSON. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
