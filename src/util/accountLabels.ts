// How an account is named to people: `alice @ bitbucket.example.com`, with the port and then the
// context path added only when another signed-in account would read the same. No `vscode` here.

export interface LabelledAccount {
  serverUrl: string;
  username: string;
}

const levels: ReadonlyArray<(a: LabelledAccount, url: URL) => string> = [
  (a, url) => `${a.username} @ ${url.hostname}`,
  (a, url) => `${a.username} @ ${url.host}`,
  (a, url) => `${a.username} @ ${url.host}${url.pathname.replace(/\/+$/, '')}`,
  (a) => `${a.username} @ ${a.serverUrl}`,
];

/** The shortest label of `account` that none of `all` (which may include it) shares. */
export function accountLabel(account: LabelledAccount, all: readonly LabelledAccount[]): string {
  const url = new URL(account.serverUrl);
  const others = all.filter(
    (o) => !(o.serverUrl === account.serverUrl && o.username.toLowerCase() === account.username.toLowerCase()),
  );
  for (const level of levels) {
    const label = level(account, url);
    if (!others.some((o) => level(o, new URL(o.serverUrl)).toLowerCase() === label.toLowerCase())) return label;
  }
  return levels[levels.length - 1](account, url);
}
