// A REST call to the local server as one of its users (password = name), made as another
// Bitbucket client would make it: the integration and UI tests set up and read back what the
// server holds with it.

export async function callAs(
  user: string,
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Basic ${Buffer.from(`${user}:${user}`).toString('base64')}`,
      'Content-Type': 'application/json',
      'X-Atlassian-Token': 'no-check',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}
