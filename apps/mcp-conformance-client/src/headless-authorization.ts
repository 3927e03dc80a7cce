import type { McpAuthorizationCodeHandler } from '@sprout-ai/mcp';

/**
 * Stands in for the user's browser: requests the authorization URL without following its redirect
 * and reads the `code` from the redirect's `Location`. The suite's authorization servers approve at
 * once; a real application opens a browser and listens on the redirect URI instead.
 */
export const headlessAuthorization: McpAuthorizationCodeHandler = async ({ authorizationUrl }) => {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location === null) {
    throw new Error(`The authorization server answered ${response.status} without a redirect`);
  }
  const redirect = new URL(location);
  const code = redirect.searchParams.get('code');
  if (code === null) {
    const error = redirect.searchParams.get('error') ?? 'no code';
    throw new Error(`The authorization server redirected without a code (${error})`);
  }
  return code;
};
