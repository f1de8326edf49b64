// The slash command this backend answers: /lfg, "looking for group". Registered once at start
// with a bulk overwrite (PUT), which is idempotent: the same list again changes nothing, and a
// command removed from the list is deleted.
import type { ServiceApi } from './api.js';

const CHAT_INPUT = 1;
const STRING_OPTION = 3;
const CHANNEL_MESSAGE_WITH_SOURCE = 4;
const EPHEMERAL = 1 << 6;

export const COMMANDS = [
  {
    type: CHAT_INPUT,
    name: 'lfg',
    description: 'Tell the channel you are looking for a group',
    options: [
      {
        type: STRING_OPTION,
        name: 'mode',
        description: 'What you want to play',
        required: true,
        choices: [
          { name: 'Casual', value: 'casual' },
          { name: 'Ranked', value: 'ranked' },
        ],
      },
    ],
  },
];

export async function registerCommands(api: ServiceApi, applicationId: string): Promise<string[]> {
  const registered = (await api.asBot('PUT', `/applications/${applicationId}/commands`, COMMANDS)) as Array<{ name: string }>;
  return registered.map((command) => command.name);
}

/** The parts of an APPLICATION_COMMAND interaction this backend reads. */
export interface CommandInteraction {
  data: { name: string; options?: Array<{ name: string; value: unknown }> };
  member?: { user: { id: string; username: string } };
  user?: { id: string; username: string };
}

/** The interaction response: a message in the channel (only the invoker sees an unknown command's). */
export function answerCommand(interaction: CommandInteraction): { type: number; data: { content: string; flags?: number; allowed_mentions: { parse: string[] } } } {
  const who = interaction.member?.user ?? interaction.user;
  if (interaction.data.name !== 'lfg' || !who) {
    return { type: CHANNEL_MESSAGE_WITH_SOURCE, data: { content: 'This backend does not know that command.', flags: EPHEMERAL, allowed_mentions: { parse: [] } } };
  }
  const mode = interaction.data.options?.find((option) => option.name === 'mode')?.value;
  const label = mode === 'ranked' ? 'a ranked match' : 'a casual game';
  // Mentions of the invoker only, never @everyone: the options are what a person typed.
  return { type: CHANNEL_MESSAGE_WITH_SOURCE, data: { content: `<@${who.id}> is looking for a group for ${label}. Reply here to join!`, allowed_mentions: { parse: ['users'] } } };
}
