// The MCP SDK's OAuth flow for a remote server (protected-resource metadata discovery, dynamic
// client registration, PKCE, the `resource` parameter), with what it keeps held here in memory for
// one use: the use case seals what changed (tokens, the client, the verifier) into the person's
// stream afterwards. Nothing of it is logged or sent to the browser but the authorization address.
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** What is kept sealed for an authorized server. */
export type McpCredentials = { client?: OAuthClientInformationMixed; tokens?: OAuthTokens };
/** What is kept sealed for an attempt, until the browser comes back. */
export type McpAttempt = { client?: OAuthClientInformationMixed; verifier: string };

export class HeldOAuth implements OAuthClientProvider {
  authorizationUrl: URL | null = null;
  tokensChanged = false;
  private verifier: string | undefined;

  constructor(private readonly o: { redirectUrl: string; credentials: McpCredentials; verifier?: string; state?: string }) {
    this.verifier = o.verifier;
  }

  get credentials(): McpCredentials {
    return this.o.credentials;
  }
  get redirectUrl() {
    return this.o.redirectUrl;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Answer Engine',
      redirect_uris: [this.o.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    if (!this.o.state) throw new Error('no OAuth state for this use');
    return this.o.state;
  }
  clientInformation() {
    return this.o.credentials.client;
  }
  saveClientInformation(client: OAuthClientInformationMixed) {
    this.o.credentials.client = client;
  }
  tokens() {
    return this.o.credentials.tokens;
  }
  saveTokens(tokens: OAuthTokens) {
    this.o.credentials.tokens = tokens;
    this.tokensChanged = true;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no PKCE verifier for this use');
    return this.verifier;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.o.credentials.client = undefined;
    if (scope === 'all' || scope === 'tokens') {
      this.o.credentials.tokens = undefined;
      this.tokensChanged = true;
    }
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
  }
  get heldVerifier() {
    return this.verifier;
  }
}
