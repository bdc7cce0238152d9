// The GPU printf decoder, fed with records encoded by the same functions device_printf.cuh runs on
// the GPU (printf_record.h compiles for the host too). No GPU needed.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "cudalab/gpu/printf_record.h"

namespace rec = cudalab::printf_record;

namespace {

// A host stand-in for the device channel: reserves and writes exactly as the kernel does.
class HostChannel {
 public:
  explicit HostChannel(std::size_t capacity) : records_(capacity, 0xCD), capacity_(capacity) {}

  template <class... Args>
  int print(const char* format, Args... args) {
    const rec::ArgValue values[sizeof...(Args) + 1] = {rec::make_arg(args)..., rec::ArgValue{}};
    const std::uint32_t full = rec::bounded_length(format, rec::kMaxFormatBytes + 1);
    const bool truncated = full > rec::kMaxFormatBytes;
    const std::uint32_t format_bytes = truncated ? rec::kMaxFormatBytes : full;
    const std::uint64_t bytes = rec::record_size(format_bytes, values, sizeof...(Args));
    const std::uint64_t offset = reserved_;
    reserved_ += bytes;
    if (offset + bytes > capacity_) {
      ++dropped_;
      if (offset < capacity_) reinterpret_cast<rec::RecordHeader*>(records_.data() + offset)->record_bytes = 0;
      return -1;
    }
    rec::write_record(records_.data() + offset, bytes, format, format_bytes, truncated, values, sizeof...(Args));
    return sizeof...(Args);
  }

  std::string decode() const {
    std::string out;
    const std::size_t used = reserved_ < capacity_ ? reserved_ : capacity_;
    rec::decode_records({records_.data(), used}, dropped_, capacity_, &out);
    return out;
  }
  std::vector<unsigned char>& bytes() { return records_; }
  std::uint64_t reserved() const { return reserved_; }

 private:
  alignas(8) std::vector<unsigned char> records_;
  std::uint64_t capacity_;
  std::uint64_t reserved_ = 0;
  std::uint64_t dropped_ = 0;
};

template <class... Args>
std::string through_channel(const char* format, Args... args) {
  HostChannel channel(4096);
  channel.print(format, args...);
  return channel.decode();
}

template <class... Args>
std::string like_libc(const char* format, Args... args) {
  char text[512];
  std::snprintf(text, sizeof text, format, args...);
  return text;
}

}  // namespace

TEST(PrintfDecoder, MatchesLibcForCommonConversions) {
  EXPECT_EQ(through_channel("Hello from block %d, thread %d\n", 3, 17), "Hello from block 3, thread 17\n");
  EXPECT_EQ(through_channel("%5d|%-5d|%05d|%+d", 42, 42, 42, 42), like_libc("%5d|%-5d|%05d|%+d", 42, 42, 42, 42));
  EXPECT_EQ(through_channel("%u %x %X %o %#x", 4000000000u, 255u, 255u, 8u, 255u),
            like_libc("%u %x %X %o %#x", 4000000000u, 255u, 255u, 8u, 255u));
  EXPECT_EQ(through_channel("%ld %llu %lld", -5000000000L, 18446744073709551615ull, -1ll),
            like_libc("%ld %llu %lld", -5000000000L, 18446744073709551615ull, -1ll));
  EXPECT_EQ(through_channel("%f %.3f %e %g %10.2f", 3.14159, 2.0, 12345.678, 0.0001, -1.5),
            like_libc("%f %.3f %e %g %10.2f", 3.14159, 2.0, 12345.678, 0.0001, -1.5));
  EXPECT_EQ(through_channel("%c%c", 'o', 'k'), "ok");
  EXPECT_EQ(through_channel("100%% done"), "100% done");
}

TEST(PrintfDecoder, FloatIsPromotedToDoubleExactly) {
  const float third = 1.0f / 3.0f;
  EXPECT_EQ(through_channel("%.10f", third), like_libc("%.10f", static_cast<double>(third)));
  EXPECT_EQ(through_channel("%a", third), like_libc("%a", static_cast<double>(third)));
}

TEST(PrintfDecoder, IntegerWidthComesFromTheArgument) {
  // Same bits, other signedness: what C prints.
  EXPECT_EQ(through_channel("%u", -1), "4294967295");
  EXPECT_EQ(through_channel("%d", 4294967295u), "-1");
  EXPECT_EQ(through_channel("%x", -1), "ffffffff");
  EXPECT_EQ(through_channel("%d", static_cast<short>(-7)), "-7");
  EXPECT_EQ(through_channel("%d %d", true, false), "1 0");
}

TEST(PrintfDecoder, StringsAreCopiedWithWidthAndPrecision) {
  char buffer[8] = "kernel";
  EXPECT_EQ(through_channel("[%s] [%8s] [%-8s] [%.3s]", "a", "right", "left", "truncate"),
            "[a] [   right] [left    ] [tru]");
  EXPECT_EQ(through_channel("%s", buffer), "kernel");
  EXPECT_EQ(through_channel("%s", static_cast<const char*>(nullptr)), "(null)");
  const std::string very_long(2000, 'x');
  EXPECT_EQ(through_channel("%s", very_long.c_str()), std::string(rec::kMaxStringBytes, 'x'));
}

TEST(PrintfDecoder, StarWidthAndPrecisionTakeArguments) {
  EXPECT_EQ(through_channel("[%*d] [%.*f]", 6, 42, 2, 3.14159), like_libc("[%*d] [%.*f]", 6, 42, 2, 3.14159));
}

TEST(PrintfDecoder, PointersPrintAsHex) {
  const void* address = reinterpret_cast<const void*>(std::uintptr_t{0x7f0012345678});
  EXPECT_EQ(through_channel("%p", address), "0x7f0012345678");
  EXPECT_EQ(through_channel("%p", nullptr), "0x0");
}

TEST(PrintfDecoder, MissingAndMismatchedArgumentsAreVisibleNotUndefined) {
  EXPECT_EQ(through_channel("a=%d b=%d", 1), "a=1 b=(missing argument)");
  EXPECT_EQ(through_channel("%d", 1, 2, 3), "1");  // extra arguments are ignored, as in C
  EXPECT_EQ(through_channel("%s", 5), "(not a string)");
  EXPECT_EQ(through_channel("%.1f", 7), "7.0");  // an int under %f takes its value, not garbage
  EXPECT_EQ(through_channel("%d", 2.9), "2");
  EXPECT_EQ(through_channel("50%"), "50%");
  EXPECT_EQ(through_channel("%y"), "%y");
}

TEST(PrintfDecoder, RecordsKeepTheirOrder) {
  HostChannel channel(4096);
  for (int thread = 0; thread < 4; ++thread) channel.print("thread %d\n", thread);
  EXPECT_EQ(channel.decode(), "thread 0\nthread 1\nthread 2\nthread 3\n");
}

TEST(PrintfDecoder, OverflowIsCountedAndNeverWrittenPastTheEnd) {
  // Each record: 16 header + 16 format ("thread %d\n" padded) + 16 argument = 48 bytes.
  HostChannel channel(200);
  int accepted = 0;
  for (int thread = 0; thread < 10; ++thread) accepted += channel.print("thread %d\n", thread) >= 0;
  EXPECT_EQ(accepted, 4);
  EXPECT_EQ(channel.decode(),
            "thread 0\nthread 1\nthread 2\nthread 3\n"
            "[cudalab: 6 printf calls did not fit in the 200-byte printf buffer and were dropped]\n");
  // The reservation that straddled the end (offset 192) wrote only its 4-byte end marker.
  EXPECT_EQ(channel.bytes()[196], 0xCD);
}

TEST(PrintfDecoder, DroppedNoteNamesTheBufferSize) {
  std::string out;
  rec::decode_records({}, 1, rec::kDefaultCapacityBytes, &out);
  EXPECT_EQ(out, "[cudalab: 1 printf call did not fit in the 1 MiB printf buffer and was dropped]\n");
}

TEST(PrintfDecoder, DamagedRecordStopsDecodingWithANote) {
  HostChannel channel(4096);
  channel.print("first %d\n", 1);
  channel.print("second %d\n", 2);
  // Corrupt the second record's size so it claims to run past the data read back.
  auto* second = reinterpret_cast<rec::RecordHeader*>(channel.bytes().data() + 48);
  second->record_bytes = 8000;
  EXPECT_EQ(channel.decode(), "first 1\n[cudalab: the printf buffer held a damaged record; output after it is lost]\n");
}

TEST(PrintfDecoder, LongFormatIsCutAndSaysSo) {
  const std::string format(1500, 'f');
  const std::string out = through_channel(format.c_str());
  EXPECT_EQ(out, std::string(rec::kMaxFormatBytes, 'f') + "[cudalab: format string cut at 1024 bytes]\n");
}
