/* Written for sdkpp (not from the speexdsp release): what ./configure generates from
   speexdsp_config_types.h.in, with the fixed-width types of <stdint.h>, which every compiler
   sdkpp builds with has. speexdsp_types.h includes it on every platform but Windows, where it
   picks the types itself. */
#ifndef __SPEEX_TYPES_H__
#define __SPEEX_TYPES_H__

#include <stdint.h>

typedef int16_t spx_int16_t;
typedef uint16_t spx_uint16_t;
typedef int32_t spx_int32_t;
typedef uint32_t spx_uint32_t;

#endif
