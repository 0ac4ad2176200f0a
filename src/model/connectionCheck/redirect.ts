// An http:// server URL: does the server send it on to https://? The extension's requests do
// not follow redirects (a redirected POST would lose its body), so such a URL must be changed.
// One GET of the base URL, without credentials: nothing secret goes over plain HTTP.
import { request } from 'node:http';

/** The https:// base URL the server redirects to, or undefined when it does not. */
export function httpsRedirect(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const target = new URL(`${baseUrl}/`);
    const req = request(target, { method: 'GET', timeout: timeoutMs }, (res) => {
      res.resume();
      const location = res.headers.location;
      const status = res.statusCode ?? 0;
      if (status < 300 || status >= 400 || !location) return resolve(undefined);
      let to: URL;
      try {
        to = new URL(location, target);
      } catch {
        return resolve(undefined);
      }
      if (to.protocol !== 'https:') return resolve(undefined);
      // Keep the context path: the redirect of `/bitbucket/` names `/bitbucket/` (or a page below).
      to.search = '';
      to.hash = '';
      to.username = '';
      to.password = '';
      to.pathname = target.pathname.replace(/\/+$/, '') || '/';
      resolve(to.toString().replace(/\/+$/, ''));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}
