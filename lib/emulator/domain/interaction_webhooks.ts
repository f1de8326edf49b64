// The interaction's webhook (/webhooks/{app}/{token}): its token lives 15 minutes; through it the
// app reads, edits (a deferred response may gain a poll) and deletes its original response, and
// sends, reads, edits and deletes follow-ups — the first follow-up after a deferred response
// fills the "thinking" original instead; user-installed apps get at most 5 where they are not
// installed.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { UploadedFile } from './attachments';
import { Validator } from './validate';
import type { Interaction, InteractionMessage } from '../model/types';
import { isSnowflake } from '../snowflake';
import { deleteChannelMessage } from './channel_messages';
import { applyEdit, channelCopy, checkFollowupLimit, interactionMessageJson, MessageFlag, newInteractionMessage, readMessageBody, requireSomething } from './interaction_messages';
import { findInteractionMessage, INTERACTION_TOKEN_LIFETIME_MS } from './interactions';

/** The interaction behind a webhook path: unknown app 10015; a wrong or expired token 50027. */
export function interactionForWebhook(emu: Emulator, appId: string, token: string): Interaction {
  if (!isSnowflake(appId) || !emu.app(appId)) throw new ApiError(404, 10015, 'Unknown Webhook');
  for (const interaction of emu.state.interactions.values()) {
    if (interaction.token !== token || interaction.applicationId !== appId) continue;
    if (emu.now() - interaction.createdAt >= INTERACTION_TOKEN_LIFETIME_MS) break;
    return interaction;
  }
  throw new ApiError(401, 50027, 'Invalid Webhook Token');
}

/** One of the interaction's messages ("@original" or a follow-up id), with the interaction that holds it. */
export function webhookMessage(emu: Emulator, interaction: Interaction, messageId: string): { owner: Interaction; message: InteractionMessage } {
  const id = messageId === '@original' ? interaction.originalMessageId : messageId;
  const isOwn = id !== null && (id === interaction.originalMessageId || interaction.followupIds.includes(id));
  const found = isOwn ? findInteractionMessage(emu, id!) : undefined;
  if (!found) throw Errors.unknownMessage();
  return found;
}

export function webhookMessageJson(emu: Emulator, found: { owner: Interaction; message: InteractionMessage }): Record<string, unknown> {
  return interactionMessageJson(emu, found.owner, found.message);
}

export function editWebhookMessage(emu: Emulator, interaction: Interaction, messageId: string, body: Record<string, unknown>, files: UploadedFile[] = []): Record<string, unknown> {
  const found = webhookMessage(emu, interaction, messageId);
  const v = new Validator();
  const changes = { ...readMessageBody(v, body, '', { emu, applicationId: interaction.applicationId }), files };
  // The spec: Edit Original may add a poll to a deferred response (and only there).
  const deferred = (found.message.flags & MessageFlag.LOADING) !== 0 && messageId === '@original';
  if (changes.poll && !deferred) v.fail('poll', 'POLL_NOT_EDITABLE', 'A poll can only be added to a deferred response, by editing the original.');
  v.check();
  applyEdit(emu, found.message, changes, found.owner);
  return webhookMessageJson(emu, found);
}

export function deleteWebhookMessage(emu: Emulator, interaction: Interaction, messageId: string): void {
  const found = webhookMessage(emu, interaction, messageId);
  const copy = channelCopy(emu, found.message.id, found.message.channelId);
  if (copy) deleteChannelMessage(emu, copy);
  delete found.owner.messages[found.message.id];
  emu.changed();
}

export function createFollowup(emu: Emulator, interaction: Interaction, body: Record<string, unknown>, files: UploadedFile[] = []): Record<string, unknown> {
  if (interaction.responseType === null) throw new ApiError(404, 10015, 'Unknown Webhook: answer the interaction before following up');
  const v = new Validator();
  const message = { ...readMessageBody(v, body, '', { emu, applicationId: interaction.applicationId }), files };
  v.check();
  requireSomething(message);
  const original = interaction.originalMessageId ? findInteractionMessage(emu, interaction.originalMessageId) : undefined;
  if (original && original.message.flags & MessageFlag.LOADING) {
    // After a deferred response the first follow-up replaces the loading original (its flags stay).
    applyEdit(emu, original.message, { ...message, flags: undefined }, original.owner);
    return webhookMessageJson(emu, original);
  }
  checkFollowupLimit(interaction);
  const created = newInteractionMessage(emu, interaction, message, 0);
  interaction.followupIds.push(created.id);
  emu.changed();
  return interactionMessageJson(emu, interaction, created);
}
