/**
 * The renderer's Content-Security-Policy, sent with the page by the web mode and by the desktop app's custom
 * protocol alike. Scripts, styles, fonts and connections come from the app itself only; images also from any
 * https host and from a tile server on this machine, because map tiles come from a server the dispatcher
 * chooses. No plugins, frames or forms.
 * Inline styles stay allowed: Leaflet positions its panes with them.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http://127.0.0.1:* http://localhost:*",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
