// The host side of NodePlatform's voice AEAD (native/napi/io/aead_scratch.h). The addon hands over,
// once, views of one scratch ArrayBuffer (useAeadScratch); each seal or open then passes only the
// algorithm and sizes: the key, nonce, AAD and input are already in the views, and the output is
// written into one. No Buffer crosses the boundary per packet, and nothing here throws.
import { aeadOpenInto, aeadSealInto, AEAD_KEY_BYTES, AEAD_TAG_BYTES, type AeadAlgorithm } from '../../protocol/aead';

/** By the numbers of sdkpp::AeadAlgorithm (native/core/include/sdkpp/platform.h). */
const ALGORITHMS: readonly AeadAlgorithm[] = ['aes-256-gcm', 'xchacha20-poly1305'];

interface AeadScratchViews {
  readonly key: Uint8Array;
  readonly nonce: Uint8Array;
  readonly aad: Uint8Array;
  readonly input: Uint8Array;
  readonly output: Uint8Array;
}

function isViews(value: unknown): value is AeadScratchViews {
  if (typeof value !== 'object' || value === null) return false;
  const views = value as Record<string, unknown>;
  return ['key', 'nonce', 'aad', 'input', 'output'].every((name) => views[name] instanceof Uint8Array)
    && (views.key as Uint8Array).length === AEAD_KEY_BYTES
    && (views.output as Uint8Array).length >= (views.input as Uint8Array).length + AEAD_TAG_BYTES;
}

function within(size: number, max: number): boolean {
  return Number.isInteger(size) && size >= 0 && size <= max;
}

export class HostAead {
  #views: AeadScratchViews | undefined;

  /** True when the views have the expected shape (then every later seal and open uses them). */
  useAeadScratch(views: unknown): boolean {
    if (!isViews(views)) return false;
    this.#views = views;
    return true;
  }

  /** Seals input[0, inSize) into output (inSize + 16 bytes). */
  aeadSeal(algorithm: number, nonceSize: number, aadSize: number, inSize: number): boolean {
    const views = this.#views;
    const name = ALGORITHMS[algorithm];
    if (!views || !name || !this.#fits(views, nonceSize, aadSize, inSize)) return false;
    const { key, nonce, aad, input, output } = views;
    return aeadSealInto(name, key, nonce.subarray(0, nonceSize), aad.subarray(0, aadSize), input.subarray(0, inSize), output) === inSize + AEAD_TAG_BYTES;
  }

  /** Opens input[0, inSize) (ciphertext ‖ tag) into output (inSize − 16 bytes). */
  aeadOpen(algorithm: number, nonceSize: number, aadSize: number, inSize: number): boolean {
    const views = this.#views;
    const name = ALGORITHMS[algorithm];
    if (!views || !name || !this.#fits(views, nonceSize, aadSize, inSize) || inSize < AEAD_TAG_BYTES) return false;
    const { key, nonce, aad, input, output } = views;
    return aeadOpenInto(name, key, nonce.subarray(0, nonceSize), aad.subarray(0, aadSize), input.subarray(0, inSize), output) === inSize - AEAD_TAG_BYTES;
  }

  #fits(views: AeadScratchViews, nonceSize: number, aadSize: number, inSize: number): boolean {
    return within(nonceSize, views.nonce.length) && within(aadSize, views.aad.length) && within(inSize, views.input.length);
  }
}
