/// <reference types="vite/client" />
// Build flags defined in web/vite.config.ts.
interface ImportMetaEnv {
  readonly VITE_INSTALL_SIDECAR?: boolean;
  readonly VITE_WINDOWS_APP?: boolean;
}
