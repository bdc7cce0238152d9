// The emulator's half precision (cudalab/emu/half.h) against IEEE binary16: exact values, rounding
// to nearest even, subnormals, overflow to infinity, NaN, and one rounding per operation.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cudalab/emu/half.h"

namespace {

TEST(Half, ExactValuesKeepTheirBits) {
  EXPECT_EQ(__half_as_ushort(__float2half(1.0f)), 0x3C00);
  EXPECT_EQ(__half_as_ushort(__float2half(-2.0f)), 0xC000);
  EXPECT_EQ(__half_as_ushort(__float2half(65504.0f)), 0x7BFF);  // the largest half
  EXPECT_EQ(__half_as_ushort(__float2half(0.0f)), 0x0000);
  EXPECT_EQ(__half2float(__ushort_as_half(0x3555)), 0.333251953125f);
  for (int bits = 0; bits < 0x7C00; ++bits) {  // every finite positive half comes back as itself
    const __half h = __ushort_as_half(static_cast<unsigned short>(bits));
    ASSERT_EQ(__half_as_ushort(__float2half(__half2float(h))), bits);
  }
}

TEST(Half, RoundsToNearestEven) {
  // 1 + 2^-11 lies halfway between 1 and the next half (1 + 2^-10): ties go to the even one, 1.
  EXPECT_EQ(__half2float(__float2half(1.0f + std::ldexp(1.0f, -11))), 1.0f);
  // 1 + 3·2^-11 lies halfway between 1 + 2^-10 (odd) and 1 + 2^-9: it goes up.
  EXPECT_EQ(__half2float(__float2half(1.0f + 3 * std::ldexp(1.0f, -11))), 1.0f + std::ldexp(1.0f, -9));
  EXPECT_EQ(__half2float(__float2half(1.0f + std::ldexp(1.0f, -11) + std::ldexp(1.0f, -20))), 1.0f + std::ldexp(1.0f, -10));
}

TEST(Half, SubnormalsInfinityAndNan) {
  EXPECT_EQ(__half_as_ushort(__float2half(std::ldexp(1.0f, -24))), 0x0001);  // the smallest subnormal
  EXPECT_EQ(__half2float(__ushort_as_half(0x0001)), std::ldexp(1.0f, -24));
  EXPECT_EQ(__half_as_ushort(__float2half(std::ldexp(1.0f, -26))), 0x0000);  // below half of it: zero
  EXPECT_EQ(__half_as_ushort(__float2half(70000.0f)), 0x7C00);                // too large: infinity
  EXPECT_TRUE(std::isinf(__half2float(__float2half(std::numeric_limits<float>::infinity()))));
  EXPECT_TRUE(std::isnan(__half2float(__float2half(std::numeric_limits<float>::quiet_NaN()))));
}

TEST(Half, EachOperationRoundsOnce) {
  const __half third = __float2half(1.0f / 3.0f);
  EXPECT_EQ(__half2float(third + third), __half2float(__float2half(2 * __half2float(third))));
  EXPECT_EQ(__half2float(__hfma(third, __float2half(3.0f), __float2half(-1.0f))), __half2float(__float2half(3 * __half2float(third) - 1)));
  const __half2 pair = __floats2half2_rn(1.5f, -0.25f);
  EXPECT_EQ(__low2float(__hmul2(pair, pair)), 2.25f);
  EXPECT_EQ(__high2float(__hadd2(pair, pair)), -0.5f);
  EXPECT_TRUE(__hlt(__float2half(1.0f), __float2half(2.0f)));
}

}  // namespace
