// The party's text chat: lobby messages. MessageCreated fires once per new message, the player's
// own included, so the screen shows what was sent when the service has it — not before.
import type { Client } from 'sdkpp';
import type { Party } from './party.js';

export class PartyChat {
  constructor(
    private readonly client: Client,
    private readonly party: Party,
  ) {
    client.SetMessageCreatedCallback((messageId) => {
      const message = client.GetMessageHandle(messageId);
      if (!message || message.ChannelId() !== party.lobbyId) return; // a DM, another lobby
      console.log(`[party] ${message.Author()?.DisplayName() ?? 'someone'}: ${message.Content()}`);
    });
  }

  async say(text: string): Promise<void> {
    await this.client.SendLobbyMessage(this.party.lobbyId, text);
  }

  /** The last messages, for a player who joins a party that was already talking. */
  async recent(limit: number): Promise<string[]> {
    const { messages } = await this.client.GetLobbyMessagesWithLimit(this.party.lobbyId, limit);
    return messages.map((m) => `${m.Author()?.DisplayName() ?? 'someone'}: ${m.Content()}`).reverse();
  }

  close(): void {
    this.client.SetMessageCreatedCallback(() => undefined);
  }
}
