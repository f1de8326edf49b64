// The main gateway's three touch points with calls: op 4, the end of a session, and READY's
// `voice_states`. The gateway holds this narrow object, never the call registry itself.
import type { CallRegistry } from './calls';

export interface GatewayIdentity {
  kind: 'user' | 'bot';
  user: { id: string };
  app: { id: string };
}

export interface GatewayVoiceHooks {
  /** Op 4 Voice State Update; returns why the payload is malformed (the gateway closes 4002), or null. */
  voiceStateUpdate(identity: GatewayIdentity, sessionId: string, d: unknown): string | null;
  /** The main gateway session is over (not resumable any more): its calls end. */
  sessionEnded(userId: string, sessionId: string): void;
  /** The lobby call's voice states for READY. */
  voiceStates(lobbyId: string): Array<Record<string, unknown>>;
}

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
