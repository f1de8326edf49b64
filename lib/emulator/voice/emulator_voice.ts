// Wires the voice room into a running emulator: the port over its state, the voice server, the
// control hooks (programmatic and HTTP), lobby changes from the event bus, and the main gateway
// (which starts after the voice server, so it is attached late).
import type { LiveCall } from './live_calls';
import { setVoiceChannel } from '../domain/channels';
import type { Emulator } from '../emulator';
import type { Router } from '../http/router';
import type { VoiceControl } from '../ports';
import { registerVoiceControlRoutes } from './control_routes';
import { emulatorVoicePort, watchLobbies, type GatewayDispatch } from './emulator_port';
import { gatewayVoiceHooks, type GatewayVoiceHooks } from './gateway_hooks';
import { startVoiceServer, type VoiceServerOptions } from './server';

export interface EmulatorVoice {
  gatewayHooks: GatewayVoiceHooks;
  /** The control hooks (emu.control.voice). */
  control: VoiceControl;
  info: { endpoint: string; port: number; certificatePem: string };
  /** The calls with their members' connections (the dashboard). */
  live(): LiveCall[];
  attachGateway(gateway: { dispatchTo: GatewayDispatch }): void;
  close(): Promise<void>;
}

export async function startEmulatorVoice(emu: Emulator, controlRouter: Router, options: VoiceServerOptions): Promise<EmulatorVoice> {
  let dispatch: GatewayDispatch = () => {};
  const port = emulatorVoicePort(emu, {
    dispatch: (userIds, applicationId, type, data) => dispatch(userIds, applicationId, type, data),
    setVoiceChannel: (userId, channelId, self) => setVoiceChannel(emu, userId, channelId, self),
  });
  const server = await startVoiceServer(port, options);
  registerVoiceControlRoutes(controlRouter, () => server.control);
  const unwatch = watchLobbies(emu, server.calls);
  return {
    gatewayHooks: gatewayVoiceHooks(server.calls),
    control: server.control,
    info: { endpoint: server.endpoint, port: server.port, certificatePem: server.certificatePem },
    live: () => server.live(),
    attachGateway(gateway) {
      dispatch = (userIds, applicationId, type, data) => gateway.dispatchTo(userIds, applicationId, type, data);
    },
    async close() {
      unwatch();
      await server.close();
    },
  };
}
