// Account linking: OAuth2 with PKCE, the public-client flow a launcher uses (no client secret
// ships with the game). The SDK asks the local chat client when it runs, else opens the consent
// page in the system browser and takes the answer on a loopback redirect; with no browser to
// open, it logs the address (a Warning) for the player to open by hand. Authorize waits for the
// player up to 15 minutes.
import { AuthorizationArgs, AuthorizationTokenType, Client } from 'sdkpp';

export interface LinkedAccount {
  /** Seconds until the access token expires; RefreshToken gets a new one before then. */
  expiresIn: number;
  scopes: string;
}

export async function linkAccount(client: Client, applicationId: bigint): Promise<LinkedAccount> {
  // The verifier stays in this process; only its challenge goes to the service with the request,
  // and the verifier proves later that the code is ours.
  const verifier = client.CreateAuthorizationCodeVerifier();
  const args = new AuthorizationArgs();
  args.SetScopes(Client.GetDefaultCommunicationScopes());
  args.SetCodeChallenge(verifier.Challenge());
  const { code, redirectUri } = await client.Authorize(args);
  const tokens = await client.GetToken(applicationId, code, verifier.Verifier(), redirectUri);
  await client.UpdateToken(AuthorizationTokenType.Bearer, tokens.accessToken);
  // A launcher would keep tokens.refreshToken in the system's credential store to sign the
  // player in next time without the browser (RefreshToken); this example signs in every run.
  return { expiresIn: tokens.expiresIn, scopes: tokens.scopes };
}
