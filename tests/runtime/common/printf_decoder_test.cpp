// The GPU printf decoder, fed with records encoded by the same functions device_printf.cuh runs on
// the GPU (printf_record.h compiles for the host too). No GPU needed.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
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

TEST(PrintfDecoder, RecordSmallerThanItsHeaderIsDamagedNotReadPast) {
  // record_bytes 8 made `record_bytes - sizeof(RecordHeader)` wrap around, so the 24-byte format
  // was read from past the end of the 16 bytes read back.
  std::vector<unsigned char> bytes(sizeof(rec::RecordHeader));
  const rec::RecordHeader header{8, 0, 24, 0};
  std::memcpy(bytes.data(), &header, sizeof header);
  std::string out;
  rec::decode_records(bytes, 0, 4096, &out);
  EXPECT_EQ(out, "[cudalab: the printf buffer held a damaged record; output after it is lost]\n");
}

TEST(PrintfDecoder, HugeWidthsAndPrecisionsAreCappedAndSaySo) {
  // Uncapped, each of these asked snprintf for gigabytes.
  const std::string spaces(rec::kMaxFieldWidth - 1, ' ');
  EXPECT_EQ(through_channel("[%*d]", 2000000000, 7),
            "[" + spaces + "7[cudalab: printf width 2000000000 capped at 4096]]");
  EXPECT_EQ(through_channel("%.*f", 100000, 1.0),
            "1." + std::string(rec::kMaxFieldWidth, '0') + "[cudalab: printf precision 100000 capped at 4096]");
  EXPECT_EQ(through_channel("%99999999999999999999999d", 7),
            spaces + "7[cudalab: printf width 99999999999999999999999 capped at 4096]");
  EXPECT_EQ(through_channel("%*d|", std::numeric_limits<long long>::min(), 7),
            "7" + spaces + "[cudalab: printf width -9223372036854775808 capped at 4096]|");
  // Within the cap, C's meaning of negative '*' values: '-' flag for a width, none for a precision.
  EXPECT_EQ(through_channel("[%*d] [%.*f] [%4096d]", -5, 7, -1, 3.14159, 1),
            like_libc("[%*d] [%.*f] ", -5, 7, -1, 3.14159) + "[" + spaces + "1]");
}

TEST(PrintfDecoder, DoublesUnderIntegerConversionsSaturate) {
  // Converting these to an integer type is undefined in C++; x86 gave LLONG_MIN for all of them.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(through_channel("%d %d %d %d", 1e300, -1e300, nan, -2.5), "9223372036854775807 -9223372036854775808 0 -2");
  EXPECT_EQ(through_channel("%u %u %x %c", 1e300, -1.0, nan, 65.0), "18446744073709551615 18446744073709551615 0 A");
}

TEST(PrintfDecoder, OutputPastTheLimitIsCutWithANote) {
  // 5000 records of a 4096-wide number are 20 MB of text from a 200 KB channel.
  HostChannel channel(5000 * 40);
  for (int thread = 0; thread < 5000; ++thread) ASSERT_GE(channel.print("%4096d", thread), 0);
  const std::string out = channel.decode();
  const std::string note = "[cudalab: printf output past 16 MiB was cut here]\n";
  ASSERT_GT(out.size(), note.size());
  EXPECT_EQ(out.substr(out.size() - note.size()), note);
  EXPECT_LE(out.size(), rec::kMaxDecodedBytes + rec::kMaxFieldWidth + note.size());
}

TEST(PrintfDecoder, NulInADamagedFormatIsTextNotAFlag) {
  // strchr("-+ #0", '\0') finds the terminator: a NUL was taken as a flag and cut the snprintf spec.
  const rec::ArgValue seven = rec::make_arg(7);
  EXPECT_EQ(rec::format_printf(std::string_view("%\0d", 3), {&seven, 1}), std::string("%\0d", 3));
  EXPECT_EQ(rec::format_printf(std::string_view("%5\0", 3), {&seven, 1}), std::string("%5\0", 3));
}
