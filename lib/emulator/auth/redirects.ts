// Which redirect URIs an application may use: the desktop loopback
// (http://127.0.0.1[:<any port>]/callback), the default "sdkpp-<appId>:/authorize/callback"
// (spec rule 5), "<scheme>:/authorize/callback" for a registered custom scheme (rule 4), and
// exact URIs registered for the app.
import type { Application } from '../model/types';

export function isAllowedRedirect(app: Application, redirectUri: string): boolean {
  // Any port on loopback (RFC 8252 §7.3), also none at all (the form docs/protocols/oauth2.md writes).
  const loopback = /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::(\d{1,5}))?\/callback$/.exec(redirectUri);
  if (loopback) {
    if (loopback[1] === undefined) return true;
    const port = Number(loopback[1]);
    return port > 0 && port < 65536;
  }
  if (redirectUri === `sdkpp-${app.id}:/authorize/callback`) return true;
  const custom = /^([A-Za-z][A-Za-z0-9+.-]{0,63}):\/authorize\/callback$/.exec(redirectUri);
  if (custom && app.customSchemes.includes(custom[1])) return true;
  return app.redirectUris.includes(redirectUri);
}

export function withQuery(uri: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return uri + (uri.includes('?') ? '&' : '?') + query;
}
