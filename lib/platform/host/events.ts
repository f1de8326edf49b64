// What every capability of the Node host shares: the sink its results go to (the NativeClient's
// _On* methods) and the two ways to hand a result over.
import { Limits } from '../../limits.generated';
import type { NodePlatformOptions } from './options';

/** What the host reports results to (the NativeClient). */
export interface PlatformEventSink {
  _OnTimer(id: number): void;
  _OnHttpResponse(id: number, status: number, headers: string[], body: string): void;
  _OnHttpError(id: number, message: string): void;
  _OnIpcOpen(id: number): void;
  _OnIpcData(id: number, bytes: Buffer): void;
  _OnIpcClosed(id: number, reason: string): void;
  _OnWebSocketOpen(id: number): void;
  /** A text frame: its UTF-8 bytes (the addon also takes a string). */
  _OnWebSocketMessage(id: number, text: Buffer | string): void;
  _OnWebSocketClosed(id: number, code: number, reason: string): void;
  _OnLoopbackListening(id: number, port: number, error: string): void;
  _OnLoopbackRequest(id: number, request: number, target: string): void;
  /**
   * An openUrl the host accepted could not be opened after all, and why. True when the app's
   * log callbacks were given the address (else the host tells the user itself).
   */
  _OnUrlNotOpened(url: string, reason: string): boolean;
  // voice (docs/voice-calls.md)
  _OnWebSocketBinary(id: number, bytes: Buffer): void;
  _OnUdpOpen(id: number, localPort: number): void;
  /** The addon reads `datagram` in place during the call; it keeps no reference. */
  _OnUdpMessage(id: number, datagram: Buffer, host: string, port: number): void;
  _OnUdpClosed(id: number, reason: string): void;
}

/** The app's `now` option, else Date.now. */
function readClock(options: NodePlatformOptions | undefined): number {
  const now = options?.now;
  return now ? now() : Date.now();
}

export class HostEvents {
  // Weak: the host's sockets and timers reach these through their listeners, and they stay alive
  // while the connection does; a strong reference would keep a Client the app dropped alive
  // forever (issue 11, item 2). The Client is closed when its native half is collected
  // (lib/sdk/client.ts), and results that arrive meanwhile are dropped.
  #sink: WeakRef<PlatformEventSink> | undefined;
  // The app's options, alive exactly as long as the sink (options.ts says why).
  readonly #optionsOf = new WeakMap<PlatformEventSink, NodePlatformOptions>();
  #optionsBeforeAttach: NodePlatformOptions | undefined = {};
  // The addon's one-number cell for each event's time (native/napi/callbacks/host_clock.h).
  #clockCell: Float64Array | undefined;

  /** The app's options, held strongly only until attach(). */
  useOptions(options: NodePlatformOptions): void {
    this.#optionsBeforeAttach = options;
  }

  attach(sink: PlatformEventSink): void {
    this.#sink = new WeakRef(sink);
    this.#optionsOf.set(sink, this.#optionsBeforeAttach ?? {});
    this.#optionsBeforeAttach = undefined;
  }
  detach(): void {
    this.#sink = undefined;
    this.#optionsBeforeAttach = undefined;
  }

  /** The host's clock: the app's `now` option, else Date.now. */
  now(): number {
    return readClock(this.options());
  }

  /** The addon's cell for the time of each event it is handed (host method useClockCell). */
  useClockCell(cell: unknown): boolean {
    if (!(cell instanceof Float64Array) || cell.length !== 1) return false;
    this.#clockCell = cell;
    return true;
  }

  /** The app's options; undefined once the Client is closed or collected (nothing to serve). */
  options(): NodePlatformOptions | undefined {
    if (this.#optionsBeforeAttach) return this.#optionsBeforeAttach;
    const sink = this.#sink?.deref();
    return sink ? this.#optionsOf.get(sink) : undefined;
  }

  /**
   * Hands an event to the addon. Input from the network or a local peer that the addon refuses
   * (a bound it enforces) runs `refused` instead of throwing out of a socket or server handler.
   */
  deliver(call: (sink: PlatformEventSink) => void, refused?: () => void): void {
    const sink = this.#sink?.deref();
    if (!sink) return;
    // The event comes with the time (native/napi/callbacks/host_clock.h): the addon needs no call back for
    // it until it runs JS. A clock that throws or answers no number leaves NaN: the addon then
    // calls now(), which reports the failure as before.
    const clock = this.#clockCell;
    if (clock) clock[0] = this.#stamp(sink);
    try {
      call(sink);
    } catch {
      refused?.();
    } finally {
      if (clock) clock[0] = NaN; // nothing outside this call may read the time
    }
  }

  #stamp(sink: PlatformEventSink): number {
    try {
      const ms = readClock(this.#optionsOf.get(sink)); // now(), for the sink at hand
      return typeof ms === 'number' ? ms : NaN;
    } catch {
      return NaN;
    }
  }

  /** Delivers on a later turn, and only while attached. */
  later(deliver: (sink: PlatformEventSink) => void): void {
    setImmediate(() => this.deliver(deliver));
  }
}

// The addon's bounds on what a peer can hand it (wrap_client_platform.cc): larger input is
// split, refused with an answer, or turned into an error here, never thrown out of an event
// handler (that would end the process).
export const MAX_HTTP_BODY_BYTES = Limits.MaxHttpBodyBytes;
export const MAX_GATEWAY_MESSAGE_BYTES = Limits.MaxGatewayMessageBytes;
export const MAX_VOICE_BINARY_FRAME_BYTES = Limits.MaxVoiceBinaryFrameBytes;
const MAX_REASON = 300; // characters: at most 900 UTF-8 bytes, under the addon's 1 KiB

/** Peer-chosen text (close reasons, error messages) within the addon's bound for such text. */
export function shorten(text: string): string {
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}
