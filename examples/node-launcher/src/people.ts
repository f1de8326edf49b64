// The people the launcher shows: the player's friends (from the relationships the gateway's READY
// brought) and a name for any user id the SDK knows.
import { Client, EnumToString, RelationshipType, StatusType } from 'sdkpp';

export function nameOf(client: Client, userId: bigint): string {
  return client.GetUser(userId)?.DisplayName() ?? `user ${userId}`;
}

/** Friends on the service or in this game. */
export function friendIds(client: Client): bigint[] {
  return client
    .GetRelationships()
    .filter((r) => r.ServiceRelationshipType() === RelationshipType.Friend || r.GameRelationshipType() === RelationshipType.Friend)
    .map((r) => r.Id());
}

/** "Alice (online, playing: In the menu), Bob (offline)" */
export function describeFriends(client: Client): string {
  const described = friendIds(client).map((id) => {
    const user = client.GetUser(id);
    if (!user) return `user ${id}`;
    const activity = user.GameActivity();
    const playing = activity ? `, playing: ${activity.State() ?? activity.Name()}` : '';
    return `${user.DisplayName()} (${EnumToString(StatusType, user.Status()).toLowerCase()}${playing})`;
  });
  return described.length > 0 ? described.join(', ') : 'none yet';
}
