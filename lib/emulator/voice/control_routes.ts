// The voice hooks on the control API's HTTP side: POST {webBase}/_sdkpp/control/voice.<name>
// (its name from emu.control, as every control name: emu.control.voice.setDaveRequired is
// voice.setDaveRequired) with a JSON object of the same arguments as VoiceControl's methods. The
// bare name (/_sdkpp/control/setDaveRequired) answers too: it was the only one before, and no
// other control method has a voice hook's name.
import { ApiError } from '../domain/errors';
import type { RequestContext } from '../http/context';
import type { Router } from '../http/router';
import { isSnowflake } from '../snowflake';
import type { VoiceControl } from '../ports';

export function registerVoiceControlRoutes(router: Router, control: () => VoiceControl | null): void {
  const call = (name: keyof VoiceControl, run: (voice: VoiceControl, body: Record<string, unknown>) => unknown) => {
    const handler = async (ctx: RequestContext) => {
      // JSON only, even `{}`, as every control call (control.ts: no simple cross-site POST).
      const body = await ctx.jsonObject();
      const voice = control();
      if (!voice) throw new ApiError(400, 0, 'The voice server is not running');
      try {
        const result = run(voice, body);
        ctx.emu.journal.record('control', `voice.${name}`);
        return result === undefined ? { ok: true } : result;
      } catch (error) {
        if (error instanceof RangeError) throw new ApiError(400, 50035, error.message);
        throw error;
      }
    };
    router.post(`/voice.${name}`, handler);
    router.post(`/${name}`, handler);
  };
  const id = (value: unknown, name: string) => {
    if (!isSnowflake(value)) throw new ApiError(400, 50035, `${name}: an id (snowflake string) is required`);
    return value;
  };
  const optionalId = (value: unknown, name: string) => (value === undefined || value === null ? undefined : id(value, name));
  call('dropVoiceConnections', (v, b) => ({ dropped: v.dropVoiceConnections({ userId: optionalId(b.userId, 'userId') }) }));
  call('blockVoiceUdp', (v, b) => v.blockVoiceUdp({ userId: optionalId(b.userId, 'userId'), ms: b.ms as number }));
  call('crashVoiceServer', (v) => ({ closed: v.crashVoiceServer() }));
  call('forgetVoiceSession', (v, b) => ({ forgotten: v.forgetVoiceSession(id(b.userId, 'userId')) }));
  call('kickFromCall', (v, b) => ({ kicked: v.kickFromCall(id(b.userId, 'userId'), optionalId(b.channelId, 'channelId')) }));
  call('setVoiceModes', (v, b) => v.setVoiceModes(b.modes as string[]));
  call('setDaveRequired', (v, b) => v.setDaveRequired(b.required as boolean | null));
  call('setCallDaveVersion', (v, b) => ({ changed: v.setCallDaveVersion(id(b.channelId, 'channelId'), b.version as number) }));
  call('voiceStats', (v) => v.voiceStats());
}
