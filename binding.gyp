{
  'includes': ['native/sources.gypi', 'native/third_party/opus/opus_sources.gypi'],
  'targets': [
    {
      # libopus 1.3.1, vendored (native/third_party/opus/README.md), linked statically into the
      # addon: nothing to install on the user machine, and no libopus symbols exported.
      'target_name': 'libopus',
      'type': 'static_library',
      'sources': ['<@(libopus_sources)'],
      'include_dirs': ['<@(libopus_include_list)'],
      'defines': ['<@(libopus_defines)'],
      # Third-party code: its warnings are not ours to fix (-w), optimised even in Debug builds
      # (the codec runs every 20 ms on the audio thread), and PIC because the archive goes into a
      # shared object (gyp compiles static libraries without -fPIC on Linux).
      'cflags': ['-w', '-O3', '-fPIC', '-fvisibility=hidden'],
      'cflags!': ['-O0', '-O2'],
      'xcode_settings': {
        'GCC_WARN_INHIBIT_ALL_WARNINGS': 'YES',
        'GCC_OPTIMIZATION_LEVEL': '3',
        'GCC_SYMBOLS_PRIVATE_EXTERN': 'YES',
        'MACOSX_DEPLOYMENT_TARGET': '11.0',
      },
      'msvs_settings': {
        'VCCLCompilerTool': {'WarningLevel': '0', 'Optimization': '2'},
      },
      'conditions': [
        # config.h of the platforms kept from @discordjs/opus (linux, mac: x64, arm64; win: x64).
        ['OS=="linux" and target_arch=="x64"', {'include_dirs': ['native/third_party/opus/config/linux/x64']}],
        ['OS=="linux" and target_arch=="arm64"', {'include_dirs': ['native/third_party/opus/config/linux/arm64']}],
        ['OS=="mac" and target_arch=="x64"', {'include_dirs': ['native/third_party/opus/config/mac/x64']}],
        ['OS=="mac" and target_arch=="arm64"', {'include_dirs': ['native/third_party/opus/config/mac/arm64']}],
        ['OS=="win" and target_arch=="x64"', {'include_dirs': ['native/third_party/opus/config/win/x64']}],
        ['target_arch=="arm64"', {'sources': ['<@(libopus_sources_arm64)']}],
      ],
      # What the addon needs to include <opus.h>.
      'direct_dependent_settings': {
        'include_dirs': ['native/third_party/opus/include'],
      },
    },
    {
      # The commit hash (Client::GetVersionHash) in a target of its own: the define changes with
      # every commit, and on the sdkpp target it would recompile every file of the addon.
      'target_name': 'sdkpp_version',
      'type': 'static_library',
      'sources': ['native/core/src/client/version_hash.cc'],
      'include_dirs': ['native/core/src'],
      'defines': ['SDKPP_VERSION_HASH="<!(node scripts/build/git-hash.cjs)"'],
      # PIC: the archive goes into a shared object (gyp compiles static libraries without it).
      'cflags': ['-fPIC', '-fvisibility=hidden'],
      'xcode_settings': {'GCC_SYMBOLS_PRIVATE_EXTERN': 'YES', 'MACOSX_DEPLOYMENT_TARGET': '11.0'},
    },
    {
      'target_name': 'sdkpp',
      'dependencies': ['libopus', 'sdkpp_version'],
      'variables': {
        # Relative to this file (gyp mangles object paths of absolute sources); the package may
        # be hoisted next to ours when sdkpp is installed as a dependency.
        'simdjson_dir': "<!(node -p \"require('path').relative('.', require('path').join(require('path').dirname(require.resolve('@nozbe/simdjson/package.json')), 'src')).split(require('path').sep).join('/')\")",
      },
      # make starts the objects in this order: simdjson, a long compile, goes first so that a
      # parallel build does not end waiting for it alone. The files of native/sources.gypi come in
      # the conditions below: in unity units (scripts/build/unity-sources.cjs says why), the
      # N-API ones, the longest, first; one by one on Windows.
      'sources': ['<(simdjson_dir)/simdjson.cpp'],
      # Compiled by sdkpp_version, with the commit hash.
      'sources!': ['native/core/src/client/version_hash.cc'],
      'include_dirs': [
        "<!(node -p \"require('node-addon-api').include_dir\")",
        'native/core/include',
        'native/core/src',
        'native/napi',
        '<(simdjson_dir)',
      ],
      'defines': [
        'NAPI_VERSION=8',
        'NODE_ADDON_API_CPP_EXCEPTIONS',
        'NODE_ADDON_API_CPP_EXCEPTIONS_ALL',
        'NODE_ADDON_API_DISABLE_DEPRECATED',
        # A worker terminated while the addon creates an Error must not abort the process
        # (node-addon-api otherwise treats the failed napi_define_properties as fatal).
        'NODE_API_SWALLOW_UNTHROWABLE_EXCEPTIONS',
        'SIMDJSON_EXCEPTIONS=0',
      ],
      'cflags!': ['-fno-exceptions'],
      'cflags_cc!': ['-fno-exceptions', '-fno-rtti', '-std=gnu++17', '-std=gnu++14'],
      'cflags_cc': ['-std=c++20', '-fexceptions', '-frtti', '-fvisibility=hidden', '-Wall', '-Wextra', '-Wno-unused-parameter'],
      'xcode_settings': {
        'GCC_ENABLE_CPP_EXCEPTIONS': 'YES',
        'GCC_ENABLE_CPP_RTTI': 'YES',
        'CLANG_CXX_LANGUAGE_STANDARD': 'c++20',
        'MACOSX_DEPLOYMENT_TARGET': '11.0',
        'GCC_SYMBOLS_PRIVATE_EXTERN': 'YES',
      },
      'msvs_settings': {
        'VCCLCompilerTool': {
          'ExceptionHandling': 1,
          'AdditionalOptions': ['/std:c++20'],
        },
      },
      'conditions': [
        ['OS=="win"', {
          'sources': ['<@(sdkpp_core_sources)', '<@(sdkpp_napi_sources)'],
        }, {
          'sources': ['<!@(node scripts/build/unity-sources.cjs build/unity --skip native/core/src/client/version_hash.cc <@(sdkpp_napi_sources) <@(sdkpp_core_sources))'],
        }],
        # bcrypt: the CSPRNG; ole32: COM for the WASAPI backend (avrt.dll is loaded at run time);
        # advapi32: the registry (URL scheme registration) and the access tokens (IPC pipe owner).
        ['OS=="win"', {'libraries': ['bcrypt.lib', 'ole32.lib', 'advapi32.lib']}],
        # dlopen (the PulseAudio backend loads libpulse at run time; older glibc keeps it in libdl).
        ['OS=="linux"', {'libraries': ['-ldl']}],
        # Export only the Node-API entry points (native/napi/linux_exports.map says why).
        ['OS=="linux"', {'ldflags': ['-Wl,--version-script=<(module_root_dir)/native/napi/linux_exports.map']}],
      ],
      'configurations': {
        'Debug': {'defines': ['SDKPP_DEBUG_BUILD']},
      },
    },
  ],
}
