// The soak test's account of a wrong presence (scripts/test/soak/presence_report.mjs): it must
// say which player's process set the presence, through which path, and as whom.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { nameOrigin, presenceReport } from '../../scripts/test/soak/presence_report.mjs';

describe('presenceReport', () => {
  const started = 1_000_000;
  const playerByPid = new Map([['4101', 'nelly'], ['4102', 'bob']]);

  it('names the player whose process set a presence, and leaves other pids as they are', () => {
    expect(nameOrigin("local client connection 7, SET_ACTIVITY from pid 4102 as the chat client's user (no AUTHENTICATE)", playerByPid))
      .toBe("local client connection 7, SET_ACTIVITY from pid 4102 (bob) as the chat client's user (no AUTHENTICATE)");
    expect(nameOrigin('local client connection 2, SET_ACTIVITY from pid 99 as the AUTHENTICATEd user', playerByPid)).toContain('pid 99 (not a soak client)');
    expect(nameOrigin('gateway session abc, op 3', playerByPid)).toBe('gateway session abc, op 3');
    expect(nameOrigin(undefined, playerByPid)).toBe('(unknown)');
  });

  it('lists each player\'s updates, the trail of the user seen wrong with its origins, and the faults', () => {
    const lines = presenceReport({
      started,
      answers: new Map([
        ['nelly', [{ at: started + 40_000, state: 'nelly-5', ok: true }]],
        ['bob', [{ at: started + 54_200, state: 'bob-4', ok: true }, { at: started + 60_000, state: 'bob-5', ok: false }]],
        ['carol', []],
      ]),
      trails: [{
        player: 'nelly',
        userId: '11',
        trail: [
          { at: started + 40_000, status: 'online', state: 'nelly-5', origin: 'local client connection 3, SET_ACTIVITY from pid 4101 as the AUTHENTICATEd user' },
          { at: started + 54_100, status: 'online', state: 'bob-4', origin: "local client connection 9, SET_ACTIVITY from pid 4102 as the chat client's user (no AUTHENTICATE)" },
        ],
      }],
      playerByPid,
      faults: [{ kind: 'restartLocalClient', at: started + 53_000 }],
    });
    expect(lines).toEqual([
      'presence: how the wrong views came about',
      '  nelly updated: nelly-5 at 40.0 s',
      '  bob updated: bob-4 at 54.2 s, bob-5 (failed) at 60.0 s',
      '  carol updated: never',
      "  the emulator's last presences of nelly (11):",
      '    40.0 s: online "nelly-5" from local client connection 3, SET_ACTIVITY from pid 4101 (nelly) as the AUTHENTICATEd user',
      `    54.1 s: online "bob-4" from local client connection 9, SET_ACTIVITY from pid 4102 (bob) as the chat client's user (no AUTHENTICATE)`,
      '  faults: restartLocalClient at 53.0 s',
    ]);
  });
});
