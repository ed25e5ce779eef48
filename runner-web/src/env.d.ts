/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Reverse geocoding endpoint with {lat} and {lon}; unset (the default): off. */
  readonly VITE_REVERSE_GEOCODING_URL?: string;
}
