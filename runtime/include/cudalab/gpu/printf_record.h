#pragma once
// The byte format of kernel printf on the GPU, shared by the encoder (device_printf.cuh, run by
// every thread that prints) and the decoder (runtime/cuda/printf_decoder.cpp, run on the host
// after a synchronize). One header so the two sides cannot drift apart; the encoding functions
// compile for host and device so the decoder's tests encode records exactly as a kernel does.
//
// Channel in global memory:  ChannelHeader, then `capacity_bytes` of records.
// Record (8-byte aligned):   RecordHeader, the format string's bytes (padded to 8), then per
//                            argument an ArgHeader and its payload (8 bytes for a number or a
//                            pointer, the string's bytes padded to 8 for a string).
// A thread reserves its whole record with one atomicAdd on `reserved_bytes`; a record that would
// pass the end is counted in `dropped_records` and never written. The one reservation that
// straddles the end writes record_bytes = 0 where it began, so the reader knows where to stop.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <type_traits>

#if defined(__CUDACC__)
#define CUDALAB_PRINTF_HD __host__ __device__ __forceinline__
#else
#define CUDALAB_PRINTF_HD inline
#endif

namespace cudalab::printf_record {

enum ArgTag : std::uint32_t {
  tag_i32 = 1,  // char, short, int, bool: printed as C's default promotions would
  tag_u32 = 2,
  tag_i64 = 3,  // long, long long
  tag_u64 = 4,
  tag_f64 = 5,  // float is promoted to double, as in C varargs
  tag_string = 6,
  tag_pointer = 7,
};

struct ChannelHeader {
  unsigned long long reserved_bytes;   // handed out so far (may pass capacity: then dropped)
  unsigned long long dropped_records;  // printf calls that did not fit
  unsigned long long capacity_bytes;   // size of the record area after this header
  unsigned long long unused;           // keeps records 16-byte aligned
};

struct RecordHeader {
  std::uint32_t record_bytes;  // whole record, a multiple of 8; 0 marks "no more records"
  std::uint32_t argument_count;
  std::uint32_t format_bytes;  // without the terminating NUL
  std::uint32_t format_truncated;
};

struct ArgHeader {
  std::uint32_t tag;
  std::uint32_t payload_bytes;  // 8 for numbers and pointers; a string's length (padding excluded)
};

// Longer format strings and %s arguments are cut here: a runaway string must not fill the channel.
inline constexpr std::uint32_t kMaxFormatBytes = 1024;
inline constexpr std::uint32_t kMaxStringBytes = 512;
// Widths and precisions past this (a %*d fed a large value, "%999999999d") are capped, and the
// output says so: one conversion must not make snprintf allocate gigabytes.
inline constexpr int kMaxFieldWidth = 4096;
// Decoded text past this stops the decoding with a note: width 4096 turns a 1 MiB channel of
// short records into hundreds of MB otherwise.
inline constexpr std::size_t kMaxDecodedBytes = std::size_t(16) << 20;
// CUDA's own printf FIFO defaults to 1 MiB; the same here.
inline constexpr std::size_t kDefaultCapacityBytes = std::size_t(1) << 20;

// One argument, ready to encode.
struct ArgValue {
  std::uint32_t tag = 0;
  std::uint64_t bits = 0;          // numbers and pointers
  const char* text = nullptr;      // strings
  std::uint32_t text_bytes = 0;
};

CUDALAB_PRINTF_HD std::uint64_t round_up8(std::uint64_t bytes) { return (bytes + 7) & ~std::uint64_t(7); }

CUDALAB_PRINTF_HD std::uint32_t bounded_length(const char* text, std::uint32_t limit) {
  std::uint32_t length = 0;
  while (length < limit && text[length] != '\0') ++length;
  return length;
}

template <class T>
struct unsupported_printf_argument : std::false_type {};

// The argument as CUDA's printf would see it after C's default promotions.
template <class T>
CUDALAB_PRINTF_HD ArgValue make_arg(T value) {
  using Plain = std::remove_cv_t<T>;
  ArgValue arg;
  if constexpr (std::is_same_v<Plain, bool>) {
    arg.tag = tag_i32;
    arg.bits = value ? 1u : 0u;
  } else if constexpr (std::is_enum_v<Plain>) {
    return make_arg(static_cast<std::underlying_type_t<Plain>>(value));
  } else if constexpr (std::is_integral_v<Plain>) {
    if constexpr (sizeof(Plain) <= 4) {
      arg.tag = std::is_signed_v<Plain> ? tag_i32 : tag_u32;
      arg.bits = std::is_signed_v<Plain> ? std::uint64_t(std::int64_t(value)) : std::uint64_t(value);
    } else {
      arg.tag = std::is_signed_v<Plain> ? tag_i64 : tag_u64;
      arg.bits = static_cast<std::uint64_t>(value);
    }
  } else if constexpr (std::is_floating_point_v<Plain>) {
    const double promoted = static_cast<double>(value);
    arg.tag = tag_f64;
    memcpy(&arg.bits, &promoted, sizeof(promoted));
  } else if constexpr (std::is_null_pointer_v<Plain>) {
    arg.tag = tag_pointer;
  } else if constexpr (std::is_pointer_v<Plain> &&
                       std::is_same_v<std::remove_cv_t<std::remove_pointer_t<Plain>>, char>) {
    arg.tag = tag_string;
    arg.text = value ? static_cast<const char*>(value) : "(null)";
    arg.text_bytes = bounded_length(arg.text, kMaxStringBytes);
  } else if constexpr (std::is_pointer_v<Plain>) {
    arg.tag = tag_pointer;
    arg.bits = reinterpret_cast<std::uint64_t>(value);
  } else {
    static_assert(unsupported_printf_argument<T>::value,
                  "kernel printf takes numbers, strings and pointers only");
  }
  return arg;
}

CUDALAB_PRINTF_HD std::uint64_t arg_bytes(const ArgValue& arg) {
  return sizeof(ArgHeader) + (arg.tag == tag_string ? round_up8(arg.text_bytes) : 8);
}

CUDALAB_PRINTF_HD std::uint64_t record_size(std::uint32_t format_bytes, const ArgValue* args,
                                            std::uint32_t argument_count) {
  std::uint64_t bytes = sizeof(RecordHeader) + round_up8(format_bytes);
  for (std::uint32_t i = 0; i < argument_count; ++i) bytes += arg_bytes(args[i]);
  return bytes;
}

// Writes one record at `at` (8-byte aligned, `record_bytes` from record_size). Field by field,
// since `at` is global memory that other threads write around at the same time.
CUDALAB_PRINTF_HD void write_record(unsigned char* at, std::uint64_t record_bytes, const char* format,
                                    std::uint32_t format_bytes, bool format_truncated,
                                    const ArgValue* args, std::uint32_t argument_count) {
  auto* header = reinterpret_cast<RecordHeader*>(at);
  header->argument_count = argument_count;
  header->format_bytes = format_bytes;
  header->format_truncated = format_truncated ? 1u : 0u;
  unsigned char* cursor = at + sizeof(RecordHeader);
  for (std::uint32_t i = 0; i < format_bytes; ++i) cursor[i] = static_cast<unsigned char>(format[i]);
  cursor += round_up8(format_bytes);
  for (std::uint32_t a = 0; a < argument_count; ++a) {
    auto* arg_header = reinterpret_cast<ArgHeader*>(cursor);
    arg_header->tag = args[a].tag;
    cursor += sizeof(ArgHeader);
    if (args[a].tag == tag_string) {
      arg_header->payload_bytes = args[a].text_bytes;
      for (std::uint32_t i = 0; i < args[a].text_bytes; ++i) cursor[i] = static_cast<unsigned char>(args[a].text[i]);
      cursor += round_up8(args[a].text_bytes);
    } else {
      arg_header->payload_bytes = 8;
      *reinterpret_cast<std::uint64_t*>(cursor) = args[a].bits;
      cursor += 8;
    }
  }
  // Last, so a half-written record is never mistaken for a whole one by a reader that looks early.
  header->record_bytes = static_cast<std::uint32_t>(record_bytes);
}

// --- host side -----------------------------------------------------------------------------------

// Formats `format` with decoded arguments the way C's printf would (each conversion through
// snprintf). A conversion whose argument has another type takes the value converted to the type
// the conversion asks for (saturating where C++ has no conversion); a missing argument prints
// "(missing argument)"; a width or precision past kMaxFieldWidth is capped with a note.
std::string format_printf(std::string_view format, std::span<const ArgValue> args);

// Decodes the record area read back from a channel: `records` holds min(reserved_bytes, capacity)
// bytes. Appends every record's text to `out`, then a note when records were dropped or damaged.
// Any bytes are safe: nothing outside `records` is read, and a record that does not add up stops
// the decoding with a note.
void decode_records(std::span<const unsigned char> records, std::uint64_t dropped_records,
                    std::uint64_t capacity_bytes, std::string* out);

}  // namespace cudalab::printf_record
