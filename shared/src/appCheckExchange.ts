// App Check's `exchangeDebugToken` as a client calls it: the local stack's stand-in takes a debug token and answers
// a signed App Check token, for the web app's local provider and the stack's Node clients (docs/decisions.md, "App
// Check on the local stack").

/** The app asking, and the debug token it holds (`apiKey`: the web SDK's key, sent as Google's endpoint takes it). */
export interface DebugTokenExchange {
  projectId: string;
  appId: string;
  debugToken: string;
  apiKey?: string;
}

/** A token from the exchange at `url` (the stand-in of https://content-firebaseappcheck.googleapis.com). */
export async function exchangeDebugToken(
  url: string,
  app: DebugTokenExchange,
): Promise<{ token: string; expireTimeMillis: number }> {
  const key = app.apiKey === undefined ? '' : `?key=${encodeURIComponent(app.apiKey)}`;
  const response = await fetch(`${url}/v1/projects/${app.projectId}/apps/${app.appId}:exchangeDebugToken${key}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ debug_token: app.debugToken }),
  });
  if (!response.ok) throw new Error(`App Check exchange refused (${response.status})`);
  const { token, ttl } = (await response.json()) as { token: string; ttl: string };
  // ttl is a protobuf Duration ("3600s").
  return { token, expireTimeMillis: Date.now() + Number.parseFloat(ttl) * 1000 };
}
