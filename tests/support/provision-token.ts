/**
 * On a fresh server with login on: creates the first admin through the setup API (as the setup page
 * does, from loopback with the page's Origin), then an API token, and returns the token's secret.
 */
export async function provisionAdminToken(
  baseUrl: string,
  account = { name: "admin", password: "admin-password-for-tests" },
): Promise<string> {
  const json = { "content-type": "application/json", origin: baseUrl };
  const setup = await fetch(`${baseUrl}/api/auth/setup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify(account),
  });
  if (setup.status !== 201) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`);
  const cookie = (setup.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const created = await fetch(`${baseUrl}/api/tokens`, {
    method: "POST",
    headers: { ...json, cookie },
    body: JSON.stringify({ name: "tests" }),
  });
  if (created.status !== 201) throw new Error(`token creation answered ${created.status}: ${await created.text()}`);
  return ((await created.json()) as { secret: string }).secret;
}
