// The emulator's voice server: calls on the main gateway (CallRegistry), the voice gateway and
// the UDP relay on one port (of 127.0.0.1 unless told another address), and the control hooks
// that break them on purpose.
import { liveCalls, type LiveCall } from './live_calls';
import { WebSocketServer } from 'ws';
import { CallRegistry } from './calls';
import { loopbackCertificate } from './certificate';
import { VoiceGateway } from './gateway';
import { listenVoice, type VoiceListener } from './listener';
import type { VoicePort } from './port';
import { DAVE_REQUIRED_FROM, DEFAULT_VOICE_HEARTBEAT_INTERVAL_MS, isTransportMode, MAX_BINARY_BYTES, TRANSPORT_MODES, VoiceClose, type TransportMode } from './protocol';
import { MediaRelay } from './sfu';
import type { VoiceControl } from '../ports';
import { VoiceStats } from './stats';

export interface VoiceServerOptions {
  heartbeatIntervalMs?: number;
  /** The address to bind, TCP and UDP (default 127.0.0.1). */
  host?: string;
  /** A fixed port for TCP and UDP; 0 or absent: any free one. */
  port?: number;
  /** The host VOICE_SERVER_UPDATE's endpoint names, as in a URL (default 127.0.0.1). */
  advertisedHost?: string;
  /** The IP address Ready gives for UDP media (default 127.0.0.1). */
  mediaAddress?: string;
}

export interface VoiceServer {
  calls: CallRegistry;
  control: VoiceControl;
  /** `<advertised host>:<port>` (`127.0.0.1:<port>` by default): VOICE_SERVER_UPDATE's endpoint. */
  endpoint: string;
  port: number;
  /** The PEM of the self-signed loopback certificate, for clients to trust. */
  certificatePem: string;
  /** The calls with their members' connections (the dashboard). */
  live(): LiveCall[];
  close(): Promise<void>;
}

export type { VoiceControl } from '../ports';

export async function startVoiceServer(port: VoicePort, options: VoiceServerOptions = {}): Promise<VoiceServer> {
  const advertisedHost = options.advertisedHost ?? '127.0.0.1';
  const certificate = await loopbackCertificate(advertisedHost);
  const stats = new VoiceStats();
  let modes: readonly TransportMode[] = TRANSPORT_MODES;
  // null: the date rule (DAVE required from 2026-03-01 on the emulator clock).
  let daveRequiredOverride: boolean | null = null;
  let endpoint = '';
  const calls = new CallRegistry(port, () => endpoint);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BINARY_BYTES, perMessageDeflate: false });
  let gateway: VoiceGateway | undefined;
  const listener: VoiceListener = await listenVoice(certificate, (req, socket, head, version) => {
    wss.handleUpgrade(req, socket, head, (ws) => gateway!.accept(ws, version));
  }, { host: options.host, port: options.port, now: () => port.now() });
  endpoint = `${advertisedHost}:${listener.port}`;
  gateway = new VoiceGateway(port, calls, stats, {
    heartbeatIntervalMs: options.heartbeatIntervalMs ?? DEFAULT_VOICE_HEARTBEAT_INTERVAL_MS,
    udpPort: listener.port,
    mediaAddress: options.mediaAddress ?? '127.0.0.1',
    modes: () => modes,
    daveRequired: () => daveRequiredOverride ?? port.now() >= DAVE_REQUIRED_FROM,
  });
  const voiceGateway = gateway;
  const relay = new MediaRelay(listener.udp, { bySsrc: (s) => voiceGateway.bySsrc(s), peersOf: (s) => voiceGateway.peersOf(s), sessions: () => voiceGateway.sessions() }, stats, port);

  const control: VoiceControl = {
    dropVoiceConnections: (filter = {}) => voiceGateway.drop(filter),
    blockVoiceUdp({ userId, ms }) {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RangeError('blockVoiceUdp: ms must be a finite number >= 0');
      const until = port.now() + ms;
      if (userId === undefined) relay.blockedUntil = until;
      else for (const session of voiceGateway.sessions({ userId })) session.udpBlockedUntil = until;
    },
    crashVoiceServer: () => voiceGateway.closeAll(VoiceClose.VoiceServerCrashed, 'Voice server crashed'),
    forgetVoiceSession: (userId) => voiceGateway.forget(userId),
    kickFromCall: (userId, channelId) => calls.kick(userId, channelId),
    setVoiceModes(next) {
      if (!Array.isArray(next) || next.length === 0 || !next.every(isTransportMode) || new Set(next).size !== next.length) {
        throw new RangeError(`setVoiceModes: a non-empty list of distinct modes out of ${TRANSPORT_MODES.join(', ')}`);
      }
      modes = [...next];
    },
    setDaveRequired(required) {
      if (required !== null && typeof required !== 'boolean') throw new RangeError('setDaveRequired: true, false or null (the date rule)');
      daveRequiredOverride = required;
    },
    setCallDaveVersion(channelId, version) {
      const group = voiceGateway.daveGroup(channelId);
      if (!group || voiceGateway.sessions().every((s) => s.call.channelId !== channelId)) {
        throw new RangeError(`setCallDaveVersion: no live call in channel ${channelId}`);
      }
      return group.forceVersion(version);
    },
    voiceStats: () => stats.snapshot(),
  };

  return {
    calls,
    control,
    endpoint,
    port: listener.port,
    certificatePem: certificate.cert,
    live: () => liveCalls(calls, voiceGateway),
    async close() {
      await voiceGateway.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await listener.close();
    },
  };
}
