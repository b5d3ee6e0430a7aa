/// <reference types="vite/client" />

/** Build id injected by vite.config.ts; equals `build` of dist/version.json. */
declare const __BUILD_ID__: string;
