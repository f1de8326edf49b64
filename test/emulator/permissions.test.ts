// Guild permissions (domain/permissions.ts), as the public API computes them: the owner and an
// ADMINISTRATOR have every permission, in every channel, whatever its overwrites; otherwise
// @everyone's and the member's roles' permissions, then the channel's @everyone overwrite, the
// overwrites of the roles the member has (only those), and last the member's own overwrite (an
// overwrite of type member: the type decides, not the id).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, basePermissions, canView, channelPermissions, Permission } from '../../lib/emulator/domain/permissions';
import { SEED, start, type Started } from './helpers';
import { addRole, giveRoles } from './helpers/guild_setup';

const g = BigInt(SEED.guildId);
const GENERAL = (g + 12n).toString();
const STAFF_ONLY = (g + 18n).toString();
const { alice, bob, carol, dave, erin } = SEED.users;

let s: Started;
const guild = () => s.emu.core.state.guilds.get(SEED.guildId)!;
const channel = (id: string) => guild().channels.find((c) => c.id === id)!;
const VIEW = Permission.VIEW_CHANNEL;

beforeAll(async () => {
  s = await start();
});
afterAll(async () => s.emu.close());

describe('permissions', () => {
  it('the owner has every permission bit there is (ADMINISTRATOR among them), even against an overwrite denying them', () => {
    expect(guild().ownerId).toBe(alice);
    const every = Object.values(Permission).reduce((all, bit) => all | bit, 0n);
    expect(basePermissions(guild(), alice) & every).toBe(every);
    expect(ALL_PERMISSIONS & every).toBe(every);
    s.emu.control.setChannelOverwrite(GENERAL, alice, 1, null, VIEW.toString());
    try {
      expect(channelPermissions(guild(), channel(GENERAL), alice)).toBe(ALL_PERMISSIONS);
    } finally {
      s.emu.control.setChannelOverwrite(GENERAL, alice, 1, null, null);
    }
  });

  it('a member with ADMINISTRATOR has every permission, overwrites or not', () => {
    expect(basePermissions(guild(), erin) & Permission.MANAGE_GUILD).toBe(0n);
    giveRoles(s.emu, SEED.guildId, erin, [addRole(s.emu, SEED.guildId, 'Admin', Permission.ADMINISTRATOR, 1)]);
    expect(basePermissions(guild(), erin)).toBe(ALL_PERMISSIONS);
    s.emu.control.setChannelOverwrite(GENERAL, erin, 1, null, VIEW.toString());
    try {
      expect(canView(guild(), channel(GENERAL), erin)).toBe(true);
    } finally {
      s.emu.control.setChannelOverwrite(GENERAL, erin, 1, null, null);
    }
  });

  it("a role's overwrite counts only for the members who have that role", () => {
    // staff-only: @everyone denied VIEW_CHANNEL, moderators (bob's role) allowed it.
    expect(canView(guild(), channel(STAFF_ONLY), bob)).toBe(true);
    expect(canView(guild(), channel(STAFF_ONLY), carol)).toBe(false);
  });

  it("an overwrite is the member's own only when its type says member: a role-type one with the member's id is not", () => {
    s.emu.control.setChannelOverwrite(GENERAL, dave, 0, null, VIEW.toString());
    try {
      expect(canView(guild(), channel(GENERAL), dave)).toBe(true);
    } finally {
      s.emu.control.setChannelOverwrite(GENERAL, dave, 0, null, null);
    }
    s.emu.control.setChannelOverwrite(GENERAL, dave, 1, null, VIEW.toString());
    try {
      expect(canView(guild(), channel(GENERAL), dave)).toBe(false);
    } finally {
      s.emu.control.setChannelOverwrite(GENERAL, dave, 1, null, null);
    }
  });
});
