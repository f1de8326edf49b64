// The main gateway's three touch points with calls: op 4, the end of a session, and READY's
// `voice_states`. The gateway holds this narrow object (its interface is in ports.ts), never the
// call registry itself.
import type { GatewayVoiceHooks } from '../ports';
import type { CallRegistry } from './calls';

export type { GatewayIdentity, GatewayVoiceHooks } from '../ports';

export function gatewayVoiceHooks(calls: CallRegistry): GatewayVoiceHooks {
  return {
    voiceStateUpdate(identity, sessionId, d) {
      const result = calls.handleVoiceStateUpdate({ userId: identity.user.id, sessionId, applicationId: identity.app.id, bot: identity.kind === 'bot' }, d);
      return result.ok ? null : result.error;
    },
    sessionEnded: (userId, sessionId) => calls.sessionEnded(userId, sessionId),
    voiceStates: (lobbyId) => calls.voiceStates(lobbyId),
  };
}
