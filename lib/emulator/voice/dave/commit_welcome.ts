// Op 28 is `commit ‖ optional Welcome` with no length between them (docs/protocols/voice-gateway.md), so the server
// walks the commit's MLSMessage (RFC 9420 §6.2, §12.4) to find where it ends: FramedContent,
// the Commit's proposals<V> and its optional UpdatePath (whose LeafNode is a struct, not a
// vector, and so is walked field by field), the signature, confirmation tag and membership tag.
// Whatever follows is a bare Welcome struct (davey sends it without MLSMessage framing: it starts
// with its cipher suite, 2 = P-256), or nothing.
import { CONTENT_COMMIT, MLS_VERSION_10, SENDER_MEMBER, WIRE_FORMAT_PUBLIC_MESSAGE } from './external_proposals';
import { MlsDecodeError, MlsReader } from './mls_codec';

/** MLS_128_DHKEMP256_AES128GCM_SHA256_P256, the only suite of DAVE v1. */
const DAVE_CIPHER_SUITE = 2;
const PROPOSAL_OR_REF_PROPOSAL = 1;
const PROPOSAL_OR_REF_REFERENCE = 2;
const CREDENTIAL_BASIC = 1;
const CREDENTIAL_X509 = 2;
const LEAF_SOURCE_KEY_PACKAGE = 1;
const LEAF_SOURCE_UPDATE = 2;
const LEAF_SOURCE_COMMIT = 3;

export interface CommitWelcome {
  groupId: Buffer;
  /** The epoch the commit was made in (the group moves to epoch + 1). */
  epoch: bigint;
  /** The leaf index of the committer. */
  committerLeaf: number;
  /** The ProposalRefs it commits, hex. */
  proposalRefs: string[];
  /** Whether it also carries proposals inline (the committer's own). */
  inlineProposals: boolean;
  commit: Buffer;
  welcome: Buffer | null;
}

/** The commit and Welcome of an op 28 payload, or why it does not parse. */
export function splitCommitWelcome(payload: Buffer): CommitWelcome | string {
  try {
    return walk(new MlsReader(payload), payload);
  } catch (error) {
    if (error instanceof MlsDecodeError) return error.message;
    throw error;
  }
}

function walk(r: MlsReader, payload: Buffer): CommitWelcome {
  if (r.u16('version') !== MLS_VERSION_10) throw new MlsDecodeError('the commit is not MLS 1.0');
  if (r.u16('wire_format') !== WIRE_FORMAT_PUBLIC_MESSAGE) throw new MlsDecodeError('the commit is not a PublicMessage');
  const groupId = r.vector('group_id');
  const epoch = r.u64('epoch');
  const senderType = r.u8('sender_type');
  if (senderType !== SENDER_MEMBER) throw new MlsDecodeError(`a commit comes from a member, not sender type ${senderType}`);
  const committerLeaf = r.u32('leaf_index');
  r.vector('authenticated_data');
  if (r.u8('content_type') !== CONTENT_COMMIT) throw new MlsDecodeError('the message is not a commit');
  const proposals = new MlsReader(r.vector('proposals'));
  const proposalRefs: string[] = [];
  let inlineProposals = false;
  while (proposals.remaining > 0 && !inlineProposals) {
    const kind = proposals.u8('ProposalOrRef type');
    if (kind === PROPOSAL_OR_REF_REFERENCE) proposalRefs.push(proposals.vector('ProposalRef').toString('hex'));
    else if (kind === PROPOSAL_OR_REF_PROPOSAL) inlineProposals = true; // a Proposal struct: not needed past here
    else throw new MlsDecodeError(`unknown ProposalOrRef type ${kind}`);
  }
  const hasPath = r.u8('optional<UpdatePath>');
  if (hasPath === 1) {
    skipLeafNode(r);
    r.vector('UpdatePath nodes');
  } else if (hasPath !== 0) throw new MlsDecodeError('optional<UpdatePath> is 0 or 1');
  r.vector('signature');
  r.vector('confirmation_tag');
  r.vector('membership_tag');
  const commit = payload.subarray(0, r.offset);
  const rest = payload.subarray(r.offset);
  if (rest.length === 0) return { groupId, epoch, committerLeaf, proposalRefs, inlineProposals, commit, welcome: null };
  const welcome = new MlsReader(rest);
  if (welcome.u16('Welcome cipher_suite') !== DAVE_CIPHER_SUITE) throw new MlsDecodeError('what follows the commit is not a Welcome of suite 2');
  welcome.vector('Welcome secrets');
  welcome.vector('Welcome encrypted_group_info');
  if (welcome.remaining !== 0) throw new MlsDecodeError('bytes after the Welcome');
  return { groupId, epoch, committerLeaf, proposalRefs, inlineProposals, commit, welcome: rest };
}

function skipLeafNode(r: MlsReader): void {
  r.vector('encryption_key');
  r.vector('signature_key');
  const credential = r.u16('credential_type');
  if (credential === CREDENTIAL_BASIC) r.vector('identity');
  else if (credential === CREDENTIAL_X509) r.vector('certificates');
  else throw new MlsDecodeError(`unknown credential type ${credential}`);
  for (const field of ['versions', 'cipher_suites', 'extensions', 'proposals', 'credentials']) r.vector(`capabilities.${field}`);
  const source = r.u8('leaf_node_source');
  if (source === LEAF_SOURCE_KEY_PACKAGE) r.skip(16, 'lifetime');
  else if (source === LEAF_SOURCE_COMMIT) r.vector('parent_hash');
  else if (source !== LEAF_SOURCE_UPDATE) throw new MlsDecodeError(`unknown leaf_node_source ${source}`);
  r.vector('leaf extensions');
  r.vector('leaf signature');
}

