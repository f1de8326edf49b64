// The addon calls the Node host by name (NodePlatform::Invoke). The names are one list,
// native/napi/io/platform_host_methods.h, which the addon exports; this test fails when the Node
// host lacks a listed method, has a host method the list does not name, or the list names a
// method node_platform.cc never calls; and the other direction, when the host reports a result
// through a NativeClient._On* method the addon does not have, or never reports one it has.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_LIFECYCLE_METHODS, NodePlatformHost } from '../../lib/platform/node_host';
import { binding, packageRoot } from '../../lib/sdk/binding';

const listed = [...binding.internal.platformHostMethods].sort();

function hostMethods(): string[] {
  const prototype: object = NodePlatformHost.prototype;
  return Object.getOwnPropertyNames(prototype)
    .filter((name) => name !== 'constructor' && typeof Reflect.get(prototype, name) === 'function')
    .filter((name) => !HOST_LIFECYCLE_METHODS.includes(name))
    .sort();
}

describe('platform host parity (C++ ⇄ TypeScript)', () => {
  it('the addon lists its host methods', () => {
    expect(listed.length).toBeGreaterThanOrEqual(15);
  });

  it('the Node host implements every method the addon calls', () => {
    const missing = listed.filter((name) => !hostMethods().includes(name));
    expect(missing, `NodePlatformHost (lib/platform/node_host.ts) lacks host method(s) named in platform_host_methods.h`).toEqual([]);
  });

  it('the Node host has no host method the addon does not call', () => {
    const extra = hostMethods().filter((name) => !listed.includes(name));
    expect(extra, `NodePlatformHost has method(s) not in platform_host_methods.h (add them there, or to HOST_LIFECYCLE_METHODS)`).toEqual([]);
  });

  it('NodePlatform (node_platform.cc, its DAVE files dave_*.cc and node_dave_session.cc) calls every listed method, and only through the list', () => {
    const ioDir = join(packageRoot, 'native/napi/io');
    const files = readdirSync(ioDir).filter((file) => /^(node_platform|dave_\w+|node_dave_session)\.cc$/.test(file)).map((file) => join(ioDir, file));
    expect(files.length).toBeGreaterThanOrEqual(4);
    const source = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    // Invoke(HostMethod::x, ...) or a helper that passes HostMethod::x on to Invoke.
    const called = [...new Set([...source.matchAll(/HostMethod::(\w+)/g)].map((m) => m[1]))].sort();
    expect(called).toEqual(listed);
    expect(source).not.toMatch(/Invoke\("/);
  });

  it('the Node host reports results through exactly the _On* methods NativeClient has', () => {
    const prototype: object = binding.NativeClient.prototype;
    const registered = Object.getOwnPropertyNames(prototype).filter((name) => name.startsWith('_On')).sort();
    const hostDir = join(packageRoot, 'lib/platform/host');
    const reported = [
      ...new Set(
        readdirSync(hostDir)
          .filter((file) => file.endsWith('.ts'))
          .flatMap((file) => [...readFileSync(join(hostDir, file), 'utf8').matchAll(/sink\.(_On\w+)\(/g)].map((m) => m[1])),
      ),
    ].sort();
    expect(registered.length).toBeGreaterThanOrEqual(11);
    expect(reported).toEqual(registered);
  });
});
