// The Node implementation of the core's Platform (native/core/include/sdkpp/platform.h): the
// addon calls these methods (their names: native/napi/io/platform_host_methods.h, checked by
// test/sdk/platform_parity.test.ts), and results go back through the NativeClient's _On* methods —
// always on a later turn of the event loop, never from inside the call (the Platform contract).
// Each capability lives in its own file under host/; this class only composes them.
import { HostAead } from './host/aead_scratch';
import { HostBrowser } from './host/browser';
import { HostDave, type DaveOutcome } from './host/dave/sessions';
import { HostEvents, type PlatformEventSink } from './host/events';
import { HostHttp } from './host/http';
import { HostIpc } from './host/ipc';
import { HostLoopback } from './host/loopback';
import type { NodePlatformOptions } from './host/options';
import { HostTimers } from './host/timers';
import { HostUdp } from './host/udp';
import { HostWebSockets } from './host/websocket';

export type { PlatformEventSink } from './host/events';
export type { NodeAudioOptions, NodePlatformOptions } from './host/options';

export class NodePlatformHost {
  readonly #events = new HostEvents();
  readonly #timers: HostTimers;
  readonly #http = new HostHttp(this.#events);
  readonly #ipc: HostIpc;
  readonly #webSockets = new HostWebSockets(this.#events);
  readonly #loopback = new HostLoopback(this.#events);
  readonly #browser: HostBrowser;
  readonly #udp = new HostUdp(this.#events);
  readonly #aead = new HostAead();
  readonly #dave = new HostDave();

  constructor(options: NodePlatformOptions = {}) {
    this.#events.useOptions(options);
    this.#timers = new HostTimers(this.#events);
    this.#ipc = new HostIpc(this.#events);
    this.#browser = new HostBrowser(this.#events);
  }

  attach(sink: PlatformEventSink): void {
    this.#events.attach(sink);
  }

  // --- The host methods the addon calls

  now(): number {
    return this.#timers.now();
  }
  useClockCell(cell: unknown): boolean {
    return this.#events.useClockCell(cell);
  }
  startTimer(id: number, delayMs: number, keepAlive: boolean): void {
    this.#timers.startTimer(id, delayMs, keepAlive);
  }
  cancelTimer(id: number): void {
    this.#timers.cancelTimer(id);
  }
  sendHttp(id: number, method: string, url: string, headers: string[], body: string): void {
    this.#http.sendHttp(id, method, url, headers, body);
  }
  cancelHttp(id: number): void {
    this.#http.cancelHttp(id);
  }
  openIpc(id: number): void {
    this.#ipc.openIpc(id);
  }
  writeIpc(id: number, bytes: Buffer): void {
    this.#ipc.writeIpc(id, bytes);
  }
  closeIpc(id: number): void {
    this.#ipc.closeIpc(id);
  }
  openWebSocket(id: number, url: string): void {
    this.#webSockets.openWebSocket(id, url);
  }
  sendWebSocket(id: number, text: string): void {
    this.#webSockets.sendWebSocket(id, text);
  }
  closeWebSocket(id: number, code: number, reason: string): void {
    this.#webSockets.closeWebSocket(id, code, reason);
  }
  startLoopback(id: number): void {
    this.#loopback.startLoopback(id);
  }
  respondLoopback(id: number, request: number, status: number, html: string): void {
    this.#loopback.respondLoopback(id, request, status, html);
  }
  stopLoopback(id: number): void {
    this.#loopback.stopLoopback(id);
  }
  openUrl(url: string): boolean {
    return this.#browser.openUrl(url);
  }
  // voice (docs/voice-calls.md)
  sendWebSocketBinary(id: number, bytes: Buffer): void {
    this.#webSockets.sendWebSocketBinary(id, bytes);
  }
  openUdp(id: number, host: string, port: number): void {
    this.#udp.openUdp(id, host, port);
  }
  sendUdp(id: number, bytes: Buffer): void {
    this.#udp.sendUdp(id, bytes);
  }
  closeUdp(id: number): void {
    this.#udp.closeUdp(id);
  }
  useAeadScratch(views: unknown): boolean {
    return this.#aead.useAeadScratch(views);
  }
  aeadSeal(algorithm: number, nonceSize: number, aadSize: number, inSize: number): boolean {
    return this.#aead.aeadSeal(algorithm, nonceSize, aadSize, inSize);
  }
  aeadOpen(algorithm: number, nonceSize: number, aadSize: number, inSize: number): boolean {
    return this.#aead.aeadOpen(algorithm, nonceSize, aadSize, inSize);
  }
  // DAVE (native/napi/io/node_dave_session.h)
  daveMaxProtocolVersion(): number {
    return this.#dave.daveMaxProtocolVersion();
  }
  daveUnavailableReason(): string {
    return this.#dave.daveUnavailableReason();
  }
  useDaveScratch(views: unknown): boolean {
    return this.#dave.useDaveScratch(views);
  }
  daveCreateSession(id: number, protocolVersion: number, userId: string, channelId: string): DaveOutcome {
    return this.#dave.daveCreateSession(id, protocolVersion, userId, channelId);
  }
  daveDestroySession(id: number): void {
    this.#dave.daveDestroySession(id);
  }
  daveReinit(id: number, protocolVersion: number, userId: string, channelId: string): DaveOutcome {
    return this.#dave.daveReinit(id, protocolVersion, userId, channelId);
  }
  daveReset(id: number): void {
    this.#dave.daveReset(id);
  }
  daveSetExternalSender(id: number, bytes: Buffer): DaveOutcome {
    return this.#dave.daveSetExternalSender(id, bytes);
  }
  daveCreateKeyPackage(id: number): Buffer | string {
    return this.#dave.daveCreateKeyPackage(id);
  }
  daveProcessProposals(id: number, operation: number, payload: Buffer, userIds: string[]): { commit: Buffer | null; welcome: Buffer | null } | string {
    return this.#dave.daveProcessProposals(id, operation, payload, userIds);
  }
  daveProcessCommit(id: number, commit: Buffer): DaveOutcome {
    return this.#dave.daveProcessCommit(id, commit);
  }
  daveProcessWelcome(id: number, welcome: Buffer): DaveOutcome {
    return this.#dave.daveProcessWelcome(id, welcome);
  }
  daveIsReady(id: number): boolean {
    return this.#dave.daveIsReady(id);
  }
  daveVoicePrivacyCode(id: number): string {
    return this.#dave.daveVoicePrivacyCode(id);
  }
  daveSetPassthroughMode(id: number, passthrough: boolean, expirySeconds: number): void {
    this.#dave.daveSetPassthroughMode(id, passthrough, expirySeconds);
  }
  daveSetUserSlot(id: number, slot: number, userId: string): boolean {
    return this.#dave.daveSetUserSlot(id, slot, userId);
  }
  daveEncryptOpus(id: number, size: number): number {
    return this.#dave.daveEncryptOpus(id, size);
  }
  daveDecrypt(id: number, slot: number, size: number): number {
    return this.#dave.daveDecrypt(id, slot, size);
  }

  /** Releases every resource (the Client was disposed). */
  close(): void {
    this.#events.detach();
    this.#timers.close();
    this.#http.close();
    this.#ipc.close();
    this.#webSockets.close();
    this.#loopback.close();
    this.#udp.close();
    this.#dave.close();
  }
}

/** Methods of NodePlatformHost that the addon does not call (for the parity test). */
export const HOST_LIFECYCLE_METHODS: readonly string[] = ['attach', 'close'];
