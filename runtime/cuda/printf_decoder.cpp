// Host side of kernel printf: turns the records kernels wrote (printf_record.h) back into text.
// Plain C++ with no CUDA calls, so it is tested on machines without a GPU.
#include <cinttypes>
#include <cstdio>
#include <cstring>
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

// Width comes from the argument (a 32-bit value stays 32 bits), signedness from the conversion:
// %u of -1 prints 4294967295 and %d of 4294967295u prints -1, as C would on the same bits.
long long as_signed(const ArgValue& arg) {
  if (arg.tag == tag_f64) return static_cast<long long>(as_double(arg));
  if (arg.tag == tag_i32 || arg.tag == tag_u32) return static_cast<std::int32_t>(static_cast<std::uint32_t>(arg.bits));
  return static_cast<long long>(arg.bits);
}
unsigned long long as_unsigned(const ArgValue& arg) {
  if (arg.tag == tag_f64) return static_cast<unsigned long long>(as_double(arg));
  if (arg.tag == tag_i32 || arg.tag == tag_u32) return static_cast<std::uint32_t>(arg.bits);
  return arg.bits;
}

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
    while (i < format.size() && std::strchr("-+ #0", format[i]) != nullptr) spec.push_back(format[i++]);
    bool missing = false;
    auto read_number = [&](void) {
      if (i < format.size() && format[i] == '*') {
        ++i;
        const ArgValue* star = take();
        if (star == nullptr) missing = true;
        spec += std::to_string(star ? static_cast<int>(as_signed(*star)) : 0);
        return;
      }
      while (i < format.size() && format[i] >= '0' && format[i] <= '9') spec.push_back(format[i++]);
    };
    read_number();
    if (i < format.size() && format[i] == '.') {
      spec.push_back(format[i++]);
      read_number();
    }
    while (i < format.size() && std::strchr("hljztLq", format[i]) != nullptr) ++i;
    if (i >= format.size()) {  // a lone '%' at the end: print it as written
      out.append(format.substr(spec_begin));
      break;
    }
    const char conversion = format[i++];
    if (std::strchr("diouxXcfFeEgGaAspn", conversion) == nullptr) {
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
  }
  return out;
}

void decode_records(std::span<const unsigned char> records, std::uint64_t dropped_records,
                    std::uint64_t capacity_bytes, std::string* out) {
  std::size_t offset = 0;
  bool damaged = false;
  std::vector<ArgValue> args;
  while (offset + sizeof(RecordHeader) <= records.size()) {
    RecordHeader header;
    std::memcpy(&header, records.data() + offset, sizeof header);
    if (header.record_bytes == 0) break;  // the reservation that did not fit began here
    if (header.record_bytes % 8 != 0 || header.record_bytes > records.size() - offset ||
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
  if (dropped_records > 0) {
    *out += "[cudalab: " + std::to_string(dropped_records) + " printf call" + (dropped_records == 1 ? "" : "s") +
            " did not fit in the " + size_in_words(capacity_bytes) +
            " printf buffer and " + (dropped_records == 1 ? "was" : "were") + " dropped]\n";
  }
}

}  // namespace cudalab::printf_record
