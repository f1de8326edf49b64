// What a person does with what an app showed: clicking a button or choosing in a select on a
// message the app made (MESSAGE_COMPONENT), and submitting a modal (MODAL_SUBMIT) — each a new
// interaction delivered like a command, with the installs of the interaction it came from.
import type { Emulator } from '../emulator';
import { ApiError, Errors } from './errors';
import type { Application, Interaction, InteractionMessage } from '../model/types';
import { findPerson } from './accounts';
import { attachmentSizeLimit, resolvePlace } from './interaction_context';
import { interactionMessageJson, MessageFlag } from './interaction_messages';
import { ComponentType } from './components';
import { submissionComponents, type Submission } from './interaction_modal';
import { Resolved } from './interaction_payload';
import { CallbackType, createInteraction, deliver, findInteractionMessage, InteractionType } from './interactions';

/** A person clicking a component, for `control.clickComponent`. */
export interface ComponentClick {
  /** The person (an ephemeral message can be clicked by the person it was for only). */
  userId: string;
  /** A message the application made (an interaction response or follow-up). */
  messageId: string;
  /** The button's or select's custom_id (not disabled). */
  customId: string;
  /** A select's chosen values: a list of strings, between its min_values and max_values. */
  values?: unknown;
}

/** The component with this custom_id anywhere in a message's components (rows, sections, containers). */
function findComponent(list: unknown[], customId: string): Record<string, unknown> | undefined {
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const c = item as Record<string, unknown>;
    if (c.custom_id === customId) return c;
    for (const key of ['components', 'accessory', 'component']) {
      const inner = c[key];
      const found = Array.isArray(inner) ? findComponent(inner, customId) : inner ? findComponent([inner], customId) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

export async function clickComponent(emu: Emulator, app: Application, click: ComponentClick): Promise<Interaction> {
  const user = findPerson(emu, click.userId);
  if (!user) throw Errors.unknownUser();
  const found = findInteractionMessage(emu, click.messageId);
  if (!found || found.owner.applicationId !== app.id) throw Errors.unknownMessage();
  const { owner, message } = found;
  // An ephemeral message is seen (and clicked) by the person it was for only.
  if (message.flags & MessageFlag.EPHEMERAL && owner.userId !== user.id) throw Errors.unknownMessage();
  const place = resolvePlace(emu, app, user, { channelId: message.channelId });
  const component = findComponent(message.components, click.customId);
  const type = component?.type as number | undefined;
  if (!component || !(type === ComponentType.Button || ([ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect] as number[]).includes(type!))) throw new ApiError(404, 0, 'The message has no interactive component with this custom_id');
  if (component.disabled === true) throw new ApiError(400, 0, 'The component is disabled');
  const resolved = new Resolved(emu, app, place, user.id);
  const data: Record<string, unknown> = { custom_id: click.customId, component_type: type };
  if (type !== ComponentType.Button) data.values = selectValues(component, click.values, resolved);
  const json = resolved.json();
  if (json) data.resolved = json;
  const interaction = createInteraction(emu, {
    type: InteractionType.MESSAGE_COMPONENT, app, user, place, owners: owner.owners, data,
    extra: { message: interactionMessageJson(emu, owner, message) }, sourceMessageId: message.id,
  });
  await deliver(emu, app, interaction);
  return interaction;
}

function selectValues(component: Record<string, unknown>, raw: unknown, resolved: Resolved): string[] {
  const values = raw ?? [];
  if (!Array.isArray(values) || values.some((x) => typeof x !== 'string')) throw Errors.invalidForm({ values: [{ code: 'LIST_TYPE_CONVERT', message: 'A list of strings.' }] });
  const min = (component.min_values as number) ?? 1;
  const max = (component.max_values as number) ?? 1;
  if (values.length < min || values.length > max) throw Errors.invalidForm({ values: [{ code: 'BASE_TYPE_BAD_LENGTH', message: `Between ${min} and ${max} values.` }] });
  for (const value of values as string[]) {
    const ok = component.type === ComponentType.StringSelect ? (component.options as Array<{ value: string }> | undefined)?.some((o) => o.value === value)
      : component.type === ComponentType.UserSelect ? resolved.user(value)
        : component.type === ComponentType.RoleSelect ? resolved.role(value)
          : component.type === ComponentType.ChannelSelect ? resolved.channel(value)
            : resolved.user(value) || resolved.role(value);
    if (!ok) throw Errors.invalidForm({ values: [{ code: 'COMPONENT_VALUE_INVALID', message: `${value.slice(0, 32)} is not a value of this select.` }] });
  }
  return values as string[];
}

/** A person submits the modal an interaction showed (once), checked against that modal. */
export async function submitModal(emu: Emulator, app: Application, interactionId: string, submission: Submission): Promise<Interaction> {
  const shown = emu.state.interactions.get(interactionId);
  if (!shown || shown.applicationId !== app.id) throw new ApiError(404, 10062, 'Unknown interaction');
  if (shown.responseType !== CallbackType.MODAL || !shown.modal) throw new ApiError(400, 0, 'That interaction showed no modal');
  if (shown.modalSubmitted) throw new ApiError(400, 0, 'The modal was already submitted');
  const user = findPerson(emu, shown.userId)!;
  const place = resolvePlace(emu, app, user, { channelId: shown.channelId });
  const { components, attachments } = submissionComponents(emu, shown.modal, submission, attachmentSizeLimit(user, emu.now()));
  const data: Record<string, unknown> = { custom_id: shown.modal.custom_id, components };
  if (Object.keys(attachments).length > 0) data.resolved = { attachments };
  const extra: Record<string, unknown> = {};
  const source: InteractionMessage | undefined = shown.sourceMessageId ? findInteractionMessage(emu, shown.sourceMessageId)?.message : undefined;
  if (source) extra.message = interactionMessageJson(emu, findInteractionMessage(emu, source.id)!.owner, source);
  shown.modalSubmitted = true;
  const interaction = createInteraction(emu, {
    type: InteractionType.MODAL_SUBMIT, app, user, place, owners: shown.owners, data, extra,
    sourceMessageId: shown.sourceMessageId, triggeringInteractionId: shown.id,
  });
  await deliver(emu, app, interaction);
  return interaction;
}
