// Host side of kernel printf: turns the records kernels wrote (printf_record.h) back into text.
// Plain C++ with no CUDA calls, so it is tested on machines without a GPU.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "cudalab/gpu/printf_record.h"

namespace cudalab::printf_record {
namespace {

// snprintf into a std::string of the right size.
template <class Value>
void append_formatted(std::string* out, const std::string& spec, Value value) {
  char small[128];
  const int needed = std::snprintf(small, sizeof small, spec.c_str(), value);
  if (needed < 0) return;
  if (static_cast<std::size_t>(needed) < sizeof small) {
    out->append(small, static_cast<std::size_t>(needed));
    return;
  }
  std::vector<char> large(static_cast<std::size_t>(needed) + 1);
  std::snprintf(large.data(), large.size(), spec.c_str(), value);
  out->append(large.data(), static_cast<std::size_t>(needed));
}

std::string size_in_words(std::uint64_t bytes) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + "-byte";
}

double as_double(const ArgValue& arg) {
  switch (arg.tag) {
    case tag_f64: {
      double value;
      std::memcpy(&value, &arg.bits, sizeof value);
      return value;
    }
    case tag_i32:
    case tag_i64: return static_cast<double>(static_cast<std::int64_t>(arg.bits));
    default: return static_cast<double>(arg.bits);
  }
}

// Not strchr: it finds the terminating NUL too, and a damaged record's format may hold a NUL.
bool is_one_of(char c, std::string_view set) {
  return set.find(c) != std::string_view::npos;
}

// A double under %d or %u: converting one outside the integer's range (or NaN) is undefined in
// C++, so it saturates instead (NaN gives 0).
long long saturated_signed(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 0x1p63) return std::numeric_limits<long long>::max();
  if (value < -0x1p63) return std::numeric_limits<long long>::min();
  return static_cast<long long>(value);
}
unsigned long long saturated_unsigned(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 0x1p64) return std::numeric_limits<unsigned long long>::max();
  if (value < 0) return static_cast<unsigned long long>(saturated_signed(value));  // the bits C would print
  return static_cast<unsigned long long>(value);
}

// Width comes from the argument (a 32-bit value stays 32 bits), signedness from the conversion:
// %u of -1 prints 4294967295 and %d of 4294967295u prints -1, as C would on the same bits.
long long as_signed(const ArgValue& arg) {
  if (arg.tag == tag_f64) return saturated_signed(as_double(arg));
  if (arg.tag == tag_i32 || arg.tag == tag_u32) return static_cast<std::int32_t>(static_cast<std::uint32_t>(arg.bits));
  return static_cast<long long>(arg.bits);
}
unsigned long long as_unsigned(const ArgValue& arg) {
  if (arg.tag == tag_f64) return saturated_unsigned(as_double(arg));
  if (arg.tag == tag_i32 || arg.tag == tag_u32) return static_cast<std::uint32_t>(arg.bits);
  return arg.bits;
}

// A width or precision as written ("12") or taken from an argument ('*'), kept as a magnitude
// and a sign so that neither a huge literal nor LLONG_MIN can overflow.
struct FieldNumber {
  bool present = false;
  bool negative = false;             // only from '*': C reads it as the '-' flag (width) or as
                                     // "no precision" (precision)
  unsigned long long magnitude = 0;  // saturates at a value far above kMaxFieldWidth
  std::string_view written;          // the digits as written in the format ("" for '*')
};

}  // namespace

std::string format_printf(std::string_view format, std::span<const ArgValue> args) {
  std::string out;
  std::size_t next_arg = 0;
  auto take = [&]() -> const ArgValue* { return next_arg < args.size() ? &args[next_arg++] : nullptr; };
  std::size_t i = 0;
  while (i < format.size()) {
    const char c = format[i];
    if (c != '%') {
      out.push_back(c);
      ++i;
      continue;
    }
    const std::size_t spec_begin = i++;
    if (i < format.size() && format[i] == '%') {
      out.push_back('%');
      ++i;
      continue;
    }
    // %[flags][width][.precision][length]conversion; the length is replaced by the argument's own.
    std::string spec = "%";
    while (i < format.size() && is_one_of(format[i], "-+ #0")) spec.push_back(format[i++]);
    bool missing = false;
    std::string capped;  // the note for a width or precision past kMaxFieldWidth, if any
    auto read_number = [&]() {
      FieldNumber number;
      if (i < format.size() && format[i] == '*') {
        ++i;
        const ArgValue* star = take();
        if (star == nullptr) missing = true;
        const long long value = star ? as_signed(*star) : 0;
        number.present = true;
        number.negative = value < 0;
        number.magnitude =
            value < 0 ? 0ull - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
        return number;
      }
      const std::size_t digits_begin = i;
      for (; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++i) {
        number.present = true;
        number.magnitude = std::min(number.magnitude * 10 + static_cast<unsigned>(format[i] - '0'), 1ull << 40);
      }
      number.written = format.substr(digits_begin, i - digits_begin);
      return number;
    };
    auto cap = [&](const FieldNumber& number, const char* what) {
      if (number.magnitude <= static_cast<unsigned long long>(kMaxFieldWidth)) return std::to_string(number.magnitude);
      const std::string shown = !number.written.empty()
                                    ? std::string(number.written)
                                    : (number.negative ? "-" : "") + std::to_string(number.magnitude);
      capped +=
          std::string("[cudalab: printf ") + what + " " + shown + " capped at " + std::to_string(kMaxFieldWidth) + "]";
      return std::to_string(kMaxFieldWidth);
    };
    if (const FieldNumber width = read_number(); width.present) {
      if (width.negative) spec.push_back('-');
      spec += cap(width, "width");
    }
    if (i < format.size() && format[i] == '.') {
      ++i;
      const FieldNumber precision = read_number();
      if (!precision.negative) spec += "." + (precision.present ? cap(precision, "precision") : std::string("0"));
    }
    while (i < format.size() && is_one_of(format[i], "hljztLq")) ++i;
    if (i >= format.size()) {  // a lone '%' at the end: print it as written
      out.append(format.substr(spec_begin));
      break;
    }
    const char conversion = format[i++];
    if (!is_one_of(conversion, "diouxXcfFeEgGaAspn")) {
      out.append(format.substr(spec_begin, i - spec_begin));  // unknown: shown as written
      continue;
    }
    const ArgValue* arg = take();
    if (arg == nullptr || missing) {
      out += "(missing argument)";
      continue;
    }
    switch (conversion) {
      case 'd':
      case 'i': append_formatted(&out, spec + "lld", as_signed(*arg)); break;
      case 'o':
      case 'u':
      case 'x':
      case 'X': append_formatted(&out, spec + "ll" + conversion, as_unsigned(*arg)); break;
      case 'c': append_formatted(&out, spec + "c", static_cast<int>(as_signed(*arg))); break;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': append_formatted(&out, spec + conversion, as_double(*arg)); break;
      case 's': {
        if (arg->tag == tag_string) {
          const std::string text(arg->text, arg->text_bytes);
          append_formatted(&out, spec + "s", text.c_str());
        } else {
          out += "(not a string)";
        }
        break;
      }
      case 'p': {
        // CUDA prints pointers as 0x…; glibc's %p would say "(nil)" for null.
        char hex[32];
        std::snprintf(hex, sizeof hex, "0x%" PRIx64, static_cast<std::uint64_t>(arg->bits));
        append_formatted(&out, spec + "s", static_cast<const char*>(hex));
        break;
      }
      case 'n': break;  // writes nothing back from a GPU; consumes its argument
    }
    out += capped;
  }
  return out;
}

void decode_records(std::span<const unsigned char> records, std::uint64_t dropped_records,
                    std::uint64_t capacity_bytes, std::string* out) {
  std::size_t offset = 0;
  bool damaged = false;
  bool cut = false;
  const std::size_t out_start = out->size();
  std::vector<ArgValue> args;
  while (offset + sizeof(RecordHeader) <= records.size()) {
    if (out->size() - out_start >= kMaxDecodedBytes) {
      cut = true;
      break;
    }
    RecordHeader header;
    std::memcpy(&header, records.data() + offset, sizeof header);
    if (header.record_bytes == 0) break;  // the reservation that did not fit began here
    // A record smaller than its own header would make `record_bytes - sizeof(RecordHeader)` wrap
    // around and let the format run past the buffer.
    if (header.record_bytes % 8 != 0 || header.record_bytes < sizeof(RecordHeader) ||
        header.record_bytes > records.size() - offset ||
        header.format_bytes > header.record_bytes - sizeof(RecordHeader)) {
      damaged = true;
      break;
    }
    const unsigned char* record = records.data() + offset;
    const std::size_t end = header.record_bytes;
    std::size_t cursor = sizeof(RecordHeader);
    const std::string_view format(reinterpret_cast<const char*>(record + cursor), header.format_bytes);
    cursor += round_up8(header.format_bytes);
    args.clear();
    for (std::uint32_t a = 0; a < header.argument_count && !damaged; ++a) {
      ArgHeader arg_header;
      if (cursor + sizeof arg_header > end) {
        damaged = true;
        break;
      }
      std::memcpy(&arg_header, record + cursor, sizeof arg_header);
      cursor += sizeof arg_header;
      ArgValue value;
      value.tag = arg_header.tag;
      const std::size_t payload = arg_header.tag == tag_string ? round_up8(arg_header.payload_bytes) : 8;
      if (arg_header.tag < tag_i32 || arg_header.tag > tag_pointer || payload > end - cursor) {
        damaged = true;
        break;
      }
      if (arg_header.tag == tag_string) {
        value.text = reinterpret_cast<const char*>(record + cursor);
        value.text_bytes = arg_header.payload_bytes;
      } else {
        std::memcpy(&value.bits, record + cursor, sizeof value.bits);
      }
      cursor += payload;
      args.push_back(value);
    }
    if (damaged) break;
    *out += format_printf(format, args);
    if (header.format_truncated) *out += "[cudalab: format string cut at 1024 bytes]\n";
    offset += header.record_bytes;
  }
  if (damaged) *out += "[cudalab: the printf buffer held a damaged record; output after it is lost]\n";
  if (cut) *out += "[cudalab: printf output past " + size_in_words(kMaxDecodedBytes) + " was cut here]\n";
  if (dropped_records > 0) {
    *out += "[cudalab: " + std::to_string(dropped_records) + " printf call" + (dropped_records == 1 ? "" : "s") +
            " did not fit in the " + size_in_words(capacity_bytes) +
            " printf buffer and " + (dropped_records == 1 ? "was" : "were") + " dropped]\n";
  }
}

}  // namespace cudalab::printf_record
