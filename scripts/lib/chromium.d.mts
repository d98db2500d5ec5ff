// Types of chromium.mjs for the TypeScript that launches the browser (the end-to-end tests).
export const CHROMIUM_ARGS: readonly string[];
