/*
 * An empty ICU data library for the Linux build (see packaging/README.md).
 *
 * Qt's wheel links ICU, whose data library (libicudata.so.NN, about 31 MB) holds
 * collation, time-zone, break-iterator and legacy-codec tables. BoFA Studio uses
 * none of them: Qt lays out text with its own Unicode tables and HarfBuzz, and
 * the app reads and writes UTF-8 only. This file defines the one symbol that the
 * data library exports, icudtNN_dat, as a valid ICU common-data package with an
 * empty table of contents, so ICU loads and simply finds no data.
 *
 * Build: cc -shared -fPIC -O2 -DICU_MAJOR=73 -Wl,-soname,libicudata.so.73 \
 *            -o libicudata.so.73 icudata_stub.c
 */
#include <stdint.h>

#ifndef ICU_MAJOR
#error "define ICU_MAJOR, the ICU major version the Qt libraries were linked against"
#endif

#define ICU_PASTE(a, b, c) a##b##c
#define ICU_DATA_SYMBOL(major) ICU_PASTE(icudt, major, _dat)

/* ICU's DataHeader (udata.h) followed by the common data's table of contents. */
struct empty_common_data {
    uint16_t header_size; /* whole header, padded to 16 bytes */
    uint8_t magic1, magic2; /* 0xda 0x27 */
    uint16_t info_size; /* sizeof(UDataInfo) */
    uint16_t reserved_word;
    uint8_t is_big_endian, charset_family, sizeof_uchar, reserved_byte;
    uint8_t data_format[4]; /* "CmnD": common data */
    uint8_t format_version[4];
    uint8_t data_version[4];
    uint8_t padding[8];
    uint32_t entry_count; /* no entries */
};

__attribute__((visibility("default"), aligned(16)))
const struct empty_common_data ICU_DATA_SYMBOL(ICU_MAJOR) = {
    32, 0xda, 0x27, 20, 0,
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    1,
#else
    0,
#endif
    0, 2, 0,
    {'C', 'm', 'n', 'D'}, {1, 0, 0, 0}, {ICU_MAJOR, 0, 0, 0}, {0}, 0,
};
