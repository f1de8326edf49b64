# The one list of speexdsp sources (the vendored 1.2.1, float build, echo canceller and
# preprocessor only). binding.gyp includes it and CMakeLists.txt parses it by quotes, so both
# build the same files. Paths are relative to the repository root, like native/sources.gypi (no
# apostrophes in comments: CMake parses quotes).
{
  'variables': {
    'speexdsp_sources': [
      'native/third_party/speexdsp/libspeexdsp/fftwrap.c',
      'native/third_party/speexdsp/libspeexdsp/filterbank.c',
      'native/third_party/speexdsp/libspeexdsp/mdf.c',
      'native/third_party/speexdsp/libspeexdsp/preprocess.c',
      'native/third_party/speexdsp/libspeexdsp/smallft.c',
    ],
    # FLOATING_POINT: the float build (the default of ./configure). USE_SMALLFT: the FFT of
    # smallft.c (the default of ./configure, no other FFT library). EXPORT empty: no symbol is
    # marked for export (the addon exports none of them). DISABLE_WARNINGS and
    # DISABLE_NOTIFICATIONS: the library prints nothing to stderr (it runs on the audio thread).
    'speexdsp_defines': [
      'FLOATING_POINT',
      'USE_SMALLFT',
      'EXPORT=',
      'DISABLE_WARNINGS',
      'DISABLE_NOTIFICATIONS',
    ],
    'speexdsp_include_list': [
      'native/third_party/speexdsp/include',
      'native/third_party/speexdsp/libspeexdsp',
    ],
  },
}
