/**
 * The web mode's access token. The server prints a link with `?token=`; the page keeps the token in
 * sessionStorage (this tab and this origin, port included, only, and it survives a reload) and removes it
 * from the address bar at once so it does not stay on screen, in bookmarks or in screenshots.
 */
const STORAGE_KEY = 'jampr.token';

export interface TokenPlace {
  location: { pathname: string; search: string; hash: string };
  history: { state: unknown; replaceState(state: unknown, unused: string, url: string): void };
  storage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

export function takeWebToken({ location, history, storage }: TokenPlace): string {
  const params = new URLSearchParams(location.search);
  const fromAddress = params.get('token');
  if (fromAddress === null) return storage.getItem(STORAGE_KEY) ?? '';
  storage.setItem(STORAGE_KEY, fromAddress);
  params.delete('token');
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return fromAddress;
}
