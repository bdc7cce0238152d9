// Fuzz target: the GPU printf decoder, which reads back whatever a kernel left in the printf
// channel (a faulting or racing kernel can leave anything there). Two ways in, chosen by the
// first byte: the raw record area through decode_records (as printf_channel.cpp hands it over),
// or one format string with arguments straight into format_printf, so that mutations of the
// conversions are not lost to records that fail their size checks.
// Promises checked: nothing read outside the input (ASan), no undefined behaviour (UBSan), no
// allocation past -malloc_limit_mb, and output bounded by the widths being capped.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "cudalab/gpu/printf_record.h"
#include "fuzz_check.h"

namespace rec = cudalab::printf_record;

namespace {

// Each conversion may print up to the capped width, a %f's 309 integer digits and the notes.
constexpr std::size_t kMostPerConversion = rec::kMaxFieldWidth + 1024;

std::uint64_t read_u64(const std::uint8_t* at) {
  std::uint64_t value;
  std::memcpy(&value, at, sizeof value);
  return value;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const bool records_mode = (data[0] & 1) == 0;
  data += 1;
  size -= 1;
  std::string out;
  if (records_mode) {
    // [dropped_records: 8 bytes][record area]; the record area ends where libFuzzer's buffer ends.
    if (size < 8) return 0;
    const std::uint64_t dropped = read_u64(data);
    rec::decode_records({data + 8, size - 8}, dropped, rec::kDefaultCapacityBytes, &out);
  } else {
    // [argument count][per argument: tag, 8 bytes of bits][format]; %s arguments point at the
    // format's own bytes, as many as the bits say (at most kMaxStringBytes, as the encoder cuts).
    const std::size_t count = data[0] % 9;
    std::size_t at = 1;
    if (size < at + count * 9) return 0;
    const std::string_view format(reinterpret_cast<const char*>(data + at + count * 9), size - at - count * 9);
    std::vector<rec::ArgValue> args(count);
    for (rec::ArgValue& arg : args) {
      arg.tag = data[at] % 8;  // 0 is no tag at all: the decoder must cope with it too
      arg.bits = read_u64(data + at + 1);
      at += 9;
      if (arg.tag == rec::tag_string) {
        arg.text = format.data();
        arg.text_bytes =
            static_cast<std::uint32_t>(std::min<std::uint64_t>(arg.bits % (rec::kMaxStringBytes + 1), format.size()));
      }
    }
    out = rec::format_printf(format, args);
  }
  std::size_t percents = 0;
  for (std::size_t i = 0; i < size; ++i) percents += data[i] == '%';
  // 4 × size: a 16-byte record marked "format cut" still gets its 44-byte note.
  FUZZ_CHECK(out.size() <= 4 * size + percents * kMostPerConversion + 1024);
  return 0;
}
