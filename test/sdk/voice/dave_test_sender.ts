// The MLS external sender for the platform's DAVE tests: the emulator's own (what the voice
// server is in docs/protocols/dave.md; lib/emulator/voice/dave), used without a voice server so two
// platform sessions can be driven to a shared group directly. One implementation of the MLS
// framing in the repository.
import { ExternalSender } from '../../../lib/emulator/voice/dave/external_sender';
import { externalAdd, groupIdOf } from '../../../lib/emulator/voice/dave/external_proposals';
import { vector } from '../../../lib/emulator/voice/dave/mls_codec';

export class TestExternalSender {
  readonly #sender = new ExternalSender();

  /** op 25's payload. */
  externalSender(): Buffer {
    return this.#sender.serialize();
  }

  /** op 27's append payload (after its operation byte): one Add proposal per key package. */
  appendProposals(channelId: bigint, epoch: bigint, keyPackages: Uint8Array[]): Buffer {
    const groupId = groupIdOf(channelId.toString());
    return vector(...keyPackages.map((keyPackage) => externalAdd(this.#sender, groupId, epoch, Buffer.from(keyPackage)).message));
  }
}
