// The service's rules, one module per concept, that every adapter (HTTP routes, the gateway,
// the local client over IPC, the control API) calls. installDomain registers what the domains
// need from the core: the restore hooks that re-arm their timers for a restored state, and the
// observers that carry a linked lobby's and channel's messages across.
import type { Emulator } from '../emulator';
import { installAutoModeration } from './automod';
import { installLinkedChannels } from './linked_channels';
import { rearmIdleTimeouts } from './lobbies';
import { rearmPeriodEnds } from './monetization';
import { rearmLegacyEntitlements } from './entitlement_migration';

export function installDomain(emu: Emulator): void {
  emu.onRestore(rearmIdleTimeouts);
  emu.onRestore(rearmPeriodEnds);
  emu.onRestore(rearmLegacyEntitlements);
  installAutoModeration(emu);
  installLinkedChannels(emu);
}
