// Game invites, both ways. Incoming: an invite a friend sent (ActivityInviteCreated) that the
// player accepts (AcceptActivityInvite answers the party's join secret), or "Join" clicked on a
// friend's presence in the chat client (ActivityJoin, with the join secret directly). Outgoing:
// SendActivityInvite to friends who are not in the party yet — an invite is for the party of the
// sender's rich presence, so presence must carry the party and its join secret first.
import type { ActivityInvite, Client } from 'sdkpp';
import { friendIds, nameOf } from './people.js';
import type { Party } from './party.js';
import { waitFor } from './wait.js';

export interface JoinTicket {
  joinSecret: string;
  /** Who the party belongs to, for the screen. */
  from: string;
}

type Arrival = { kind: 'invite'; invite: ActivityInvite } | { kind: 'join'; joinSecret: string };

export class InviteInbox {
  readonly #arrivals: Arrival[] = [];
  #wake: (() => void) | undefined;

  constructor(private readonly client: Client) {
    client.SetActivityInviteCreatedCallback((invite) => {
      console.log(`invite from ${nameOf(client, invite.SenderId())} to their party`);
      this.#arrive({ kind: 'invite', invite });
    });
    client.SetActivityInviteUpdatedCallback((invite) => {
      if (!invite.IsValid()) console.log(`the invite from ${nameOf(client, invite.SenderId())} is no longer valid`);
    });
    client.SetActivityJoinCallback((joinSecret) => {
      console.log('"Join" was clicked in the chat client');
      this.#arrive({ kind: 'join', joinSecret });
    });
  }

  /**
   * The next party the player chose to join, within `ms`. A real launcher shows each invite and
   * accepts the one the player clicks; this one accepts the first that is still valid.
   */
  async nextJoin(ms: number, signal: AbortSignal): Promise<JoinTicket | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const arrival = this.#arrivals.shift() ?? (await this.#next(deadline - Date.now(), signal));
      if (!arrival) return undefined;
      if (arrival.kind === 'join') return { joinSecret: arrival.joinSecret, from: 'a friend' };
      if (!arrival.invite.IsValid()) continue;
      const from = nameOf(this.client, arrival.invite.SenderId());
      try {
        const { joinSecret } = await this.client.AcceptActivityInvite(arrival.invite);
        console.log(`accepted the invite from ${from}`);
        return { joinSecret, from };
      } catch (error) {
        // The party may be gone or full by now: the next invite, or hosting, is still open.
        console.log(`could not accept the invite from ${from}: ${(error as Error).message}`);
      }
    }
  }

  #arrive(arrival: Arrival): void {
    this.#arrivals.push(arrival);
    this.#wake?.();
  }

  #next(ms: number, signal: AbortSignal): Promise<Arrival | undefined> {
    if (ms <= 0) return Promise.resolve(undefined);
    return waitFor<Arrival>(ms, signal, (done) => {
      this.#wake = () => {
        const arrival = this.#arrivals.shift();
        if (arrival) done(arrival);
      };
      return () => (this.#wake = undefined);
    });
  }
}

/** Invites every friend who is not in the party yet; answers whom it invited. */
export async function inviteFriends(client: Client, party: Party): Promise<string[]> {
  const members = new Set(client.GetLobbyHandle(party.lobbyId)?.LobbyMemberIds() ?? []);
  const invited: string[] = [];
  for (const friendId of friendIds(client)) {
    if (members.has(friendId)) continue;
    const name = nameOf(client, friendId);
    try {
      await client.SendActivityInvite(friendId, 'Join my party!');
      invited.push(name);
    } catch (error) {
      console.log(`could not invite ${name}: ${(error as Error).message}`);
    }
  }
  return invited;
}
