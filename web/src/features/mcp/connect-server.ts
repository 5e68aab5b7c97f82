// Starts connecting a remote tool server that asks for OAuth: the browser goes to its
// authorization server and comes back to /account/assistant (the tokens stay on our server).
import { authorizeMcpServer } from '../../../../generated/react-query/mcp/mcp';

/** True when the browser is on its way to sign in; false when the server needs no sign-in. */
export async function connectServer(serverId: string): Promise<boolean> {
  const { authorization_url } = (await authorizeMcpServer(serverId)).data as { authorization_url: string | null };
  if (!authorization_url) return false;
  window.location.assign(authorization_url);
  return true;
}
