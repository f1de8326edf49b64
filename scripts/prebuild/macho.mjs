// A small Mach-O reader (64-bit, little-endian: x86_64 and arm64), enough to check a macOS
// prebuild on a machine without otool or codesign: its load commands (install name, linked
// libraries, rpaths, minimum macOS), its exports (the export trie dyld and dlsym use), the
// symbols left for the host to resolve, and its ad-hoc code signature, whose page hashes are
// recomputed so that a file changed after signing (stripped, patched) is caught.
//   node scripts/prebuild/macho.mjs <file>   prints what it read.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const MH_MAGIC_64 = 0xfeedfacf;
export const CPU_TYPE = { x86_64: 0x01000007, arm64: 0x0100000c };
export const FILE_TYPE = { 6: 'dylib', 8: 'bundle', 2: 'execute' };

const LC = {
  SYMTAB: 0x2,
  LOAD_DYLIB: 0xc,
  ID_DYLIB: 0xd,
  CODE_SIGNATURE: 0x1d,
  LAZY_LOAD_DYLIB: 0x20,
  DYLD_INFO: 0x22,
  BUILD_VERSION: 0x32,
  LOAD_WEAK_DYLIB: 0x80000018,
  RPATH: 0x8000001c,
  REEXPORT_DYLIB: 0x8000001f,
  DYLD_INFO_ONLY: 0x80000022,
  LOAD_UPWARD_DYLIB: 0x80000023,
  DYLD_EXPORTS_TRIE: 0x80000033,
};
const DYLIB_LOADS = new Set([LC.LOAD_DYLIB, LC.LAZY_LOAD_DYLIB, LC.LOAD_WEAK_DYLIB, LC.REEXPORT_DYLIB, LC.LOAD_UPWARD_DYLIB]);

const N_EXT = 0x01;
const N_TYPE = 0x0e;
const N_UNDF = 0x0;
const N_STAB = 0xe0;
const DYNAMIC_LOOKUP_ORDINAL = 0xfe;

const CSMAGIC_EMBEDDED_SIGNATURE = 0xfade0cc0;
const CSMAGIC_CODEDIRECTORY = 0xfade0c02;
const CSSLOT_CODEDIRECTORY = 0;
const CS_ADHOC = 0x2;
const CS_HASHTYPE = { 1: 'sha1', 2: 'sha256' };

function cString(buffer, offset, end = buffer.length) {
  const stop = buffer.indexOf(0, offset);
  return buffer.toString('utf8', offset, stop < 0 || stop > end ? end : stop);
}

function readUleb(buffer, offset) {
  let value = 0n;
  let shift = 0n;
  let byte;
  do {
    byte = buffer[offset++];
    value |= BigInt(byte & 0x7f) << shift;
    shift += 7n;
  } while (byte & 0x80);
  return { value, offset };
}

/** Every name in an export trie (prefix tree of terminal nodes), with its flags. */
function readExportTrie(buffer, start, size) {
  const exports = [];
  const visited = new Set();
  function walk(nodeOffset, prefix) {
    if (visited.has(nodeOffset) || nodeOffset >= size) throw new Error('malformed export trie');
    visited.add(nodeOffset);
    let at = start + nodeOffset;
    const terminal = readUleb(buffer, at);
    at = terminal.offset;
    if (terminal.value > 0n) {
      const flags = readUleb(buffer, at);
      exports.push({ name: prefix, flags: Number(flags.value) });
      at += Number(terminal.value);
    }
    const children = buffer[at++];
    for (let i = 0; i < children; i++) {
      const edge = cString(buffer, at);
      at += Buffer.byteLength(edge) + 1;
      const child = readUleb(buffer, at);
      at = child.offset;
      walk(Number(child.value), prefix + edge);
    }
  }
  if (size > 0) walk(0, '');
  return exports;
}

function readSymbols(buffer, symoff, nsyms, stroff) {
  const symbols = [];
  for (let i = 0; i < nsyms; i++) {
    const at = symoff + i * 16;
    const type = buffer[at + 4];
    if (type & N_STAB) continue;
    const desc = buffer.readUInt16LE(at + 6);
    symbols.push({
      name: cString(buffer, stroff + buffer.readUInt32LE(at)),
      external: Boolean(type & N_EXT),
      undefined: (type & N_TYPE) === N_UNDF,
      libraryOrdinal: (desc >> 8) & 0xff,
    });
  }
  return symbols;
}

/** The ad-hoc signature's CodeDirectory, and whether every code page still hashes as signed. */
function readCodeSignature(buffer, dataoff, datasize) {
  const blob = buffer.subarray(dataoff, dataoff + datasize);
  if (blob.readUInt32BE(0) !== CSMAGIC_EMBEDDED_SIGNATURE) return { valid: false, problem: 'no embedded signature SuperBlob' };
  const count = blob.readUInt32BE(8);
  let directory = null;
  for (let i = 0; i < count; i++) {
    const type = blob.readUInt32BE(12 + i * 8);
    const offset = blob.readUInt32BE(16 + i * 8);
    if (type === CSSLOT_CODEDIRECTORY) directory = offset;
  }
  if (directory === null || blob.readUInt32BE(directory) !== CSMAGIC_CODEDIRECTORY) {
    return { valid: false, problem: 'no CodeDirectory' };
  }
  const cd = blob.subarray(directory);
  const flags = cd.readUInt32BE(12);
  const hashOffset = cd.readUInt32BE(16);
  const identifier = cString(cd, cd.readUInt32BE(20));
  const codeSlots = cd.readUInt32BE(28);
  const codeLimit = cd.readUInt32BE(32);
  const hashSize = cd[36];
  const hashType = CS_HASHTYPE[cd[37]] ?? `type ${cd[37]}`;
  const pageSize = 2 ** cd[39];
  const signature = { identifier, adhoc: Boolean(flags & CS_ADHOC), hashType, pageSize, codeLimit, codeSlots, dataoff };
  if (!CS_HASHTYPE[cd[37]]) return { ...signature, valid: false, problem: `unknown hash ${hashType}` };
  if (codeLimit !== dataoff) return { ...signature, valid: false, problem: `signs ${codeLimit} bytes but the signature starts at ${dataoff}` };
  if (codeSlots !== Math.ceil(codeLimit / pageSize)) return { ...signature, valid: false, problem: 'page count does not cover the file' };
  for (let page = 0; page < codeSlots; page++) {
    const start = page * pageSize;
    const actual = createHash(hashType).update(buffer.subarray(start, Math.min(start + pageSize, codeLimit))).digest();
    const expected = cd.subarray(hashOffset + page * hashSize, hashOffset + (page + 1) * hashSize);
    if (!actual.subarray(0, hashSize).equals(expected)) {
      return { ...signature, valid: false, problem: `page ${page} (offset ${start}) changed after signing` };
    }
  }
  return { ...signature, valid: true };
}

function decodeVersion(packed) {
  return `${packed >>> 16}.${(packed >> 8) & 0xff}.${packed & 0xff}`;
}

/** Everything the checks need from one thin 64-bit Mach-O file. */
export function readMachO(file) {
  const buffer = readFileSync(file);
  if (buffer.length < 32 || buffer.readUInt32LE(0) !== MH_MAGIC_64) throw new Error(`${file}: not a 64-bit little-endian Mach-O file`);
  const info = {
    file,
    bytes: buffer.length,
    cpuType: buffer.readUInt32LE(4),
    fileType: FILE_TYPE[buffer.readUInt32LE(12)] ?? `type ${buffer.readUInt32LE(12)}`,
    installName: null,
    dylibs: [],
    rpaths: [],
    minMacos: null,
    exports: [],
    symbols: [],
    signature: null,
  };
  const ncmds = buffer.readUInt32LE(16);
  let at = 32;
  for (let i = 0; i < ncmds; i++) {
    const cmd = buffer.readUInt32LE(at);
    const size = buffer.readUInt32LE(at + 4);
    const end = at + size;
    if (cmd === LC.ID_DYLIB) info.installName = cString(buffer, at + buffer.readUInt32LE(at + 8), end);
    else if (DYLIB_LOADS.has(cmd)) info.dylibs.push(cString(buffer, at + buffer.readUInt32LE(at + 8), end));
    else if (cmd === LC.RPATH) info.rpaths.push(cString(buffer, at + buffer.readUInt32LE(at + 8), end));
    else if (cmd === LC.BUILD_VERSION) info.minMacos = { platform: buffer.readUInt32LE(at + 8), version: decodeVersion(buffer.readUInt32LE(at + 12)) };
    else if (cmd === LC.DYLD_INFO || cmd === LC.DYLD_INFO_ONLY) info.exports = readExportTrie(buffer, buffer.readUInt32LE(at + 40), buffer.readUInt32LE(at + 44));
    else if (cmd === LC.DYLD_EXPORTS_TRIE) info.exports = readExportTrie(buffer, buffer.readUInt32LE(at + 8), buffer.readUInt32LE(at + 12));
    else if (cmd === LC.SYMTAB) info.symbols = readSymbols(buffer, buffer.readUInt32LE(at + 8), buffer.readUInt32LE(at + 12), buffer.readUInt32LE(at + 16));
    else if (cmd === LC.CODE_SIGNATURE) info.signature = readCodeSignature(buffer, buffer.readUInt32LE(at + 8), buffer.readUInt32LE(at + 12));
    at = end;
  }
  info.dynamicLookups = info.symbols.filter((s) => s.undefined && s.external && s.libraryOrdinal === DYNAMIC_LOOKUP_ORDINAL).map((s) => s.name);
  info.imports = info.symbols.filter((s) => s.undefined && s.external && s.libraryOrdinal !== DYNAMIC_LOOKUP_ORDINAL).map((s) => s.name);
  return info;
}

const SYSTEM_LIBRARIES = [/^\/usr\/lib\/libSystem\.B\.dylib$/, /^\/System\/Library\/Frameworks\/[\w.]+\.framework\/Versions\/\w+\/\w+$/];
const NODE_API_SYMBOL = /^_(napi|node_api)_\w+$/;

/**
 * The checks a macOS Node-API prebuild must pass: right CPU, a loadable bundle (or a dylib with
 * an @rpath install name), only the system's own libraries, no rpaths, only the Node-API entry
 * points exported, only Node-API functions left to the host, macOS >= minMacos, and (when
 * `requireSignature`, always on arm64) an intact ad-hoc signature. Returns the failed checks.
 */
export function checkNodeAddon(info, { arch, minMacos, allowedExports, requireSignature }) {
  const problems = [];
  const expectCpu = CPU_TYPE[arch === 'x64' ? 'x86_64' : arch];
  if (info.cpuType !== expectCpu) problems.push(`CPU type 0x${info.cpuType.toString(16)}, expected ${arch}`);
  if (info.fileType !== 'bundle' && info.fileType !== 'dylib') problems.push(`file type ${info.fileType}, expected a bundle`);
  if (info.installName !== null && !info.installName.startsWith('@rpath/')) problems.push(`install name ${info.installName}: not @rpath-relative (a build path leaks and dyld may look there)`);
  for (const dylib of info.dylibs) {
    if (!SYSTEM_LIBRARIES.some((pattern) => pattern.test(dylib))) problems.push(`links ${dylib}, not a system library`);
  }
  if (info.rpaths.length) problems.push(`rpaths ${info.rpaths.join(', ')}`);
  if (!info.minMacos || info.minMacos.platform !== 1) problems.push('no LC_BUILD_VERSION for macOS');
  else if (info.minMacos.version !== `${minMacos}.0`) problems.push(`minimum macOS ${info.minMacos.version}, expected ${minMacos}`);
  const exported = info.exports.map((e) => e.name);
  const extra = exported.filter((name) => !allowedExports.includes(name));
  if (extra.length) problems.push(`${extra.length} unexpected exports (${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', ...' : ''})`);
  if (!exported.includes('_napi_register_module_v1')) problems.push('napi_register_module_v1 is not exported');
  const foreign = info.dynamicLookups.filter((name) => !NODE_API_SYMBOL.test(name));
  if (foreign.length) problems.push(`${foreign.length} symbols left to the host that are not Node-API (${foreign.slice(0, 5).join(', ')})`);
  if (requireSignature && !info.signature) problems.push('no code signature (arm64 macOS refuses to load it)');
  if (info.signature && !info.signature.valid) problems.push(`code signature: ${info.signature.problem}`);
  if (info.signature && !info.signature.adhoc) problems.push('code signature is not ad hoc');
  return problems;
}

export function describe(info) {
  const sig = info.signature;
  return [
    `${info.file}: ${(info.bytes / 1024 / 1024).toFixed(2)} MiB, ${info.fileType}, macOS >= ${info.minMacos?.version ?? '?'}`,
    `  install name: ${info.installName ?? '(none: a bundle)'}`,
    `  libraries: ${info.dylibs.join(', ') || '(none)'}; rpaths: ${info.rpaths.join(', ') || '(none)'}`,
    `  exports (${info.exports.length}): ${info.exports.map((e) => e.name).slice(0, 8).join(', ')}${info.exports.length > 8 ? ', ...' : ''}`,
    `  left to the host (${info.dynamicLookups.length}): ${info.dynamicLookups.slice(0, 4).join(', ')}${info.dynamicLookups.length > 4 ? ', ...' : ''}; from libSystem: ${info.imports.length}`,
    `  signature: ${sig ? `${sig.adhoc ? 'ad hoc' : 'not ad hoc'}, ${sig.hashType}, ${sig.codeSlots} pages of ${sig.pageSize}, identifier ${sig.identifier}, ${sig.valid ? 'intact' : `BROKEN: ${sig.problem}`}` : '(none)'}`,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of process.argv.slice(2)) console.log(describe(readMachO(file)));
}
