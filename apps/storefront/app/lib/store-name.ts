/** The store's name for titles and the logo; the demo shop's name when settings could not be loaded. */
export const FALLBACK_STORE_NAME = "Quire Books";
