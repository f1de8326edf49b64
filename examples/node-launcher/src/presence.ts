// Rich presence: what the player's friends see them doing. In a party it also carries the party's
// size and its join secret, which is what makes the player invitable-to and joinable: an invite
// (SendActivityInvite) is for the party of the sender's current activity, and accepting one hands
// the friend this join secret.
import { Activity, ActivityParty, ActivityPartyPrivacy, ActivitySecrets, ActivityTypes, Client } from 'sdkpp';
import type { Party } from './party.js';

export const PARTY_MAX_SIZE = 4;

export function menuActivity(): Activity {
  const activity = new Activity();
  activity.SetType(ActivityTypes.Playing);
  activity.SetState('In the menu');
  return activity;
}

export function partyActivity(party: Party, size: number): Activity {
  const activity = new Activity();
  activity.SetType(ActivityTypes.Playing);
  activity.SetState('In a party');
  activity.SetDetails('Warming up');
  const details = new ActivityParty();
  details.SetId(party.partyId);
  details.SetCurrentSize(size);
  details.SetMaxSize(PARTY_MAX_SIZE);
  details.SetPrivacy(ActivityPartyPrivacy.Private);
  activity.SetParty(details);
  const secrets = new ActivitySecrets();
  secrets.SetJoin(party.secret);
  activity.SetSecrets(secrets);
  return activity;
}

export async function showPresence(client: Client, activity: Activity): Promise<void> {
  await client.UpdateRichPresence(activity);
  const party = activity.Party();
  const size = party ? ` (${party.CurrentSize()}/${party.MaxSize()})${activity.Secrets() ? ', joinable' : ''}` : '';
  console.log(`presence: ${activity.State()}${size}`);
}
