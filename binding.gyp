{
  'includes': ['native/sources.gypi'],
  'targets': [
    {
      'target_name': 'sdkpp',
      'variables': {
        # Relative to this file (gyp mangles object paths of absolute sources); the package may
        # be hoisted next to ours when sdkpp is installed as a dependency.
        'simdjson_dir': "<!(node -p \"require('path').relative('.', require('path').join(require('path').dirname(require.resolve('@nozbe/simdjson/package.json')), 'src')).split(require('path').sep).join('/')\")",
      },
      # make starts the objects in this order: simdjson, the longest compile, goes first so that a
      # parallel build does not end waiting for it alone.
      'sources': ['<(simdjson_dir)/simdjson.cpp', '<@(sdkpp_core_sources)', '<@(sdkpp_napi_sources)'],
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
        'SDKPP_VERSION_HASH="<!(node scripts/build/git-hash.cjs)"',
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
        ['OS=="win"', {'libraries': ['bcrypt.lib']}],
      ],
      'configurations': {
        'Debug': {'defines': ['SDKPP_DEBUG_BUILD']},
      },
    },
  ],
}
