// External Add proposals (RFC 9420 §12.1.8): an MLSMessage carrying a PublicMessage whose
// FramedContent is {group_id, epoch, sender external 0, no authenticated data, an Add of the
// member's KeyPackage verbatim}, signed by the external sender over FramedContentTBS. External
// senders have no membership tag. The ProposalRef (§5.2) lets the server tell which members a
// commit adds.
import { createHash } from 'node:crypto';
import type { ExternalSender } from './external_sender';
import { u16, u32, u64, u8, varint, vector } from './mls_codec';

export const MLS_VERSION_10 = 1;
export const WIRE_FORMAT_PUBLIC_MESSAGE = 1;
export const SENDER_MEMBER = 1;
export const SENDER_EXTERNAL = 2;
export const SENDER_NEW_MEMBER_PROPOSAL = 3;
export const SENDER_NEW_MEMBER_COMMIT = 4;
export const CONTENT_PROPOSAL = 2;
export const CONTENT_COMMIT = 3;
const PROPOSAL_ADD = 1;
/** The index of this server in the group's external_senders extension (it is the only one). */
const EXTERNAL_SENDER_INDEX = 0;

/** The group id of a call: its channel id as a u64, big-endian (as davey derives it). */
export function groupIdOf(channelId: string): Buffer {
  return u64(BigInt(channelId));
}

export interface ExternalProposal {
  /** The MLSMessage. */
  message: Buffer;
  /** Its ProposalRef, hex: how a commit names it. */
  ref: string;
}

export function externalAdd(sender: ExternalSender, groupId: Buffer, epoch: bigint, keyPackage: Buffer): ExternalProposal {
  const content = Buffer.concat([
    vector(groupId),
    u64(epoch),
    u8(SENDER_EXTERNAL),
    u32(EXTERNAL_SENDER_INDEX),
    vector(), // authenticated_data
    u8(CONTENT_PROPOSAL),
    u16(PROPOSAL_ADD),
    keyPackage,
  ]);
  // FramedContentTBS for an external sender: version, wire format, content (no GroupContext).
  const tbs = Buffer.concat([u16(MLS_VERSION_10), u16(WIRE_FORMAT_PUBLIC_MESSAGE), content]);
  const signature = sender.signWithLabel('FramedContentTBS', tbs);
  const authenticatedContent = Buffer.concat([u16(WIRE_FORMAT_PUBLIC_MESSAGE), content, vector(signature)]);
  return { message: Buffer.concat([u16(MLS_VERSION_10), authenticatedContent]), ref: proposalRef(authenticatedContent) };
}

/** RefHash("MLS 1.0 Proposal Reference", AuthenticatedContent) with SHA-256 (suite 2). */
export function proposalRef(authenticatedContent: Buffer): string {
  const label = Buffer.from('MLS 1.0 Proposal Reference', 'utf8');
  return createHash('sha256').update(Buffer.concat([varint(label.length), label, varint(authenticatedContent.length), authenticatedContent])).digest('hex');
}

/** Op 27's payload: u8 operation (0 append) ‖ proposals<V>. */
export function appendProposals(messages: Buffer[]): Buffer {
  return Buffer.concat([u8(0), vector(...messages)]);
}
