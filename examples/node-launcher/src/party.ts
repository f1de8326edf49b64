// A party is a lobby: whoever knows its secret joins it with CreateOrJoinLobby. The host makes up
// a secret nobody can guess; a friend gets it as the join secret of an accepted invite.
import { randomBytes } from 'node:crypto';
import type { Client } from 'sdkpp';

export interface Party {
  lobbyId: bigint;
  /** The id friends see in the party's presence; the lobby's id, which every member knows. */
  partyId: string;
  /** The lobby secret, handed out as the activity's join secret. Never printed. */
  secret: string;
}

export function newPartySecret(): string {
  return `party-${randomBytes(16).toString('hex')}`;
}

export async function enterParty(client: Client, secret: string): Promise<Party> {
  const { lobbyId } = await client.CreateOrJoinLobby(secret);
  return { lobbyId, partyId: String(lobbyId), secret };
}

export function partySize(client: Client, party: Party): number {
  return client.GetLobbyHandle(party.lobbyId)?.LobbyMemberIds().length ?? 1;
}

/** Says who joins and leaves, and hands the new size to `onChange` (the presence shows it). */
export function watchMembers(client: Client, party: Party, nameOf: (userId: bigint) => string, onChange: (size: number) => void): void {
  client.SetLobbyMemberAddedCallback((lobbyId, memberId) => {
    if (lobbyId !== party.lobbyId) return;
    console.log(`${nameOf(memberId)} joined the party`);
    onChange(partySize(client, party));
  });
  client.SetLobbyMemberRemovedCallback((lobbyId, memberId) => {
    if (lobbyId !== party.lobbyId) return;
    console.log(`${nameOf(memberId)} left the party`);
    onChange(partySize(client, party));
  });
}
